//! `gpu16 build` and `gpu16 flash`: a board's bitstream, and loading it.

use crate::cores::CoresArg;
use anyhow::{anyhow, bail, Context, Result};
use clap::{Args, ValueEnum};
use gpu16_fpga::board::build::{build, BuildOptions};
use gpu16_fpga::board::design::Design;
use gpu16_fpga::board::flash::{blaster_ii_firmware, flash, FlashError, FlashTarget};
use gpu16_fpga::board::sim::{BoardSim, SIM_CLOCKS_PER_BIT};
use gpu16_fpga::board::Board;
use gpu16_fpga::vendor::project::VendorBuildOptions;
use gpu16_fpga::vendor::VendorBoard;
use std::path::PathBuf;
use std::process::ExitCode;

/// `--board` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BoardArg {
    /// ULX3S with an LFE5U-12F.
    #[value(name = "ulx3s-12f")]
    Ulx3s12f,
    /// ULX3S with an LFE5U-25F.
    #[value(name = "ulx3s-25f")]
    Ulx3s25f,
    /// ULX3S with an LFE5U-45F.
    #[value(name = "ulx3s-45f")]
    Ulx3s45f,
    /// ULX3S with an LFE5U-85F.
    #[value(name = "ulx3s-85f")]
    Ulx3s85f,
    /// Colorlight i5 (LFE5U-25F) on its extension board.
    #[value(name = "colorlight-i5")]
    ColorlightI5,
    /// Colorlight i9 (LFE5U-45F) on the i5's extension board.
    #[value(name = "colorlight-i9")]
    ColorlightI9,
    /// Sipeed Tang Nano 20K (GW2AR-18): a GPU of 10 cores by default (docs/BOARD.md).
    #[value(name = "tangnano20k")]
    TangNano20k,
    /// Sipeed Tang Primer 25K (GW5A-25) on its dock: a GPU of 8 cores by default.
    #[value(name = "tangprimer25k")]
    TangPrimer25k,
    /// The Tang Primer 25K with Sipeed's PMOD DVI module in the dock's slot 0: the picture on
    /// a monitor, a GPU of 7 cores by default (docs/BOARD.md).
    #[value(name = "tangprimer25k-dvi")]
    TangPrimer25kDvi,
    /// Digilent Basys 3 (Artix-7 XC7A35T): a Vivado project, the picture on its VGA connector
    /// (docs/BOARD.md).
    #[value(name = "basys3")]
    Basys3,
    /// Digilent Arty A7-35 (XC7A35T): a Vivado project.
    #[value(name = "arty-a7-35")]
    ArtyA735,
    /// Digilent Arty A7-100 (XC7A100T): a Vivado project.
    #[value(name = "arty-a7-100")]
    ArtyA7100,
    /// Digilent Nexys A7-100T (XC7A100T): a Vivado project, the picture on its VGA connector.
    #[value(name = "nexys-a7-100")]
    NexysA7100,
    /// Terasic DE10-Lite (MAX 10 10M50): a Quartus project, the picture on its VGA connector;
    /// the UART on GPIO[0..1] through a 3.3 V USB-serial adapter.
    #[value(name = "de10-lite")]
    De10Lite,
    /// Terasic DE2-115 (Cyclone IV E EP4CE115): a Quartus project, the picture on its VGA
    /// connector; the UART on its RS-232 port.
    #[value(name = "de2-115")]
    De2115,
    /// Terasic DE1-SoC (Cyclone V 5CSEMA5): a Quartus project, the picture on its VGA
    /// connector; the UART on GPIO_0[0..1] through a 3.3 V USB-serial adapter.
    #[value(name = "de1-soc")]
    De1Soc,
}

/// A `--board`: one the open tools build, or one its vendor's tool builds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Chosen {
    Open(Board),
    Vendor(VendorBoard),
}

impl BoardArg {
    /// The board this value names (the values are the boards' own names).
    fn chosen(self) -> Chosen {
        let value = self
            .to_possible_value()
            .expect("no --board value is hidden");
        let name = value.get_name();
        Board::from_name(name)
            .map(Chosen::Open)
            .or_else(|| VendorBoard::from_name(name).map(Chosen::Vendor))
            .expect("every --board value is a board's name")
    }
}

impl Chosen {
    fn name(self) -> &'static str {
        match self {
            Chosen::Open(b) => b.name(),
            Chosen::Vendor(b) => b.name(),
        }
    }

    fn default_cores(self) -> usize {
        match self {
            Chosen::Open(b) => b.default_cores(),
            Chosen::Vendor(b) => b.default_cores(),
        }
    }
}

/// `--design` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum DesignArg {
    /// The GPU behind the UART host bridge.
    Gpu,
    /// Echoes every byte: checks the board, cable and baud rate in seconds.
    UartEcho,
}

/// The default build folder of a board.
fn default_dir(board: &str) -> PathBuf {
    PathBuf::from("build").join(board)
}

#[derive(Args)]
pub struct BuildArgs {
    /// The board.
    #[arg(long, value_enum)]
    board: BoardArg,
    /// Build folder; the bitstream is DIR/gpu16_<board>.bit (ECP5, Xilinx) or .fs (Gowin), the
    /// Quartus project's DIR/output_files/gpu16.sof; default build/<board>.
    #[arg(short, long, value_name = "DIR")]
    output: Option<PathBuf>,
    /// Leave out the performance counters (`--stats`): more room for the router
    /// (docs/results/fmax.md has what they cost).
    #[arg(long)]
    no_counters: bool,
    /// The UART's rate (the host's `--baud` must match): one the design's clock makes within
    /// 2%, e.g. 115200, 230400, 460800 or 1000000.
    #[arg(long, default_value_t = 115_200, value_parser = clap::value_parser!(u32).range(1..))]
    baud: u32,
    /// The design's clock in MHz, made by the board's PLL from its oscillator: one it makes
    /// exactly (ECP5: 25 × N / M, 10-400 MHz; Tang Nano 20K: 27 × N / M, 3.9-625 MHz;
    /// Artix-7: 100 × M / (D × O); the Tang Primer 25K and the Terasic boards run at their
    /// 50 MHz oscillator). Default: the GPU's clock for the board in docs/BOARD.md (55 MHz on
    /// the 12F and 25F, 60 MHz on the 45F and 85F, 54 MHz on the Tang Nano 20K, 75 MHz on the
    /// Digilent boards), the oscillator for the UART echo. The build fails if the routed
    /// design does not meet it.
    #[arg(long, value_name = "MHZ", value_parser = parse_mhz)]
    clock: Option<u32>,
    /// What goes on the board.
    #[arg(long, value_enum, default_value_t = DesignArg::Gpu)]
    design: DesignArg,
    /// Write the bitstream even if the routed design is slower than the board's clock (not on
    /// the Digilent and Terasic boards, whose build scripts refuse such a bitstream).
    #[arg(long)]
    allow_timing_fail: bool,
    #[command(flatten)]
    cores: CoresArg,
}

/// `--clock`: MHz, as a whole number of Hz.
fn parse_mhz(text: &str) -> Result<u32, String> {
    let mhz: f64 = text
        .parse()
        .map_err(|_| format!("`{text}` is not a frequency in MHz (e.g. 40 or 37.5)"))?;
    let hz = (mhz * 1e6).round();
    if !(1.0..=f64::from(u32::MAX)).contains(&hz) {
        return Err(format!("{text} MHz is not a clock a board can run at"));
    }
    Ok(hz as u32)
}

pub fn build_command(args: &BuildArgs) -> Result<ExitCode> {
    let design = match args.design {
        DesignArg::Gpu => Design::Gpu,
        DesignArg::UartEcho => Design::UartEcho,
    };
    let board = match args.board.chosen() {
        Chosen::Open(board) => board,
        Chosen::Vendor(board) => return vendor_build(args, board, design),
    };
    // A clock the PLL cannot make and a rate the UART cannot make at it are bad input, found
    // before any tool runs.
    let clock_hz = args.clock.unwrap_or_else(|| board.default_clock_hz(design));
    gpu16_fpga::board::build::design_clock(board, clock_hz).context("--clock")?;
    gpu16_sim::link::clocks_per_bit(clock_hz, args.baud)?;
    let opts = BuildOptions {
        board,
        design,
        counters: !args.no_counters,
        cores: args.cores.given().unwrap_or(board.default_cores()),
        baud: args.baud,
        clock_hz: Some(clock_hz),
        allow_timing_fail: args.allow_timing_fail,
        dir: args
            .output
            .clone()
            .unwrap_or_else(|| default_dir(board.name())),
    };
    let started = std::time::Instant::now();
    let built = build(&opts, &mut progress(board.name(), started))?;
    println!(
        "board: {} ({}), {}",
        board.name(),
        board.device().name(),
        what_is_built(opts.design, opts.cores, opts.counters, opts.baud)
    );
    print!("{}", built.report);
    println!(
        "clock: {} MHz — timing {}",
        built.clock_mhz,
        if built.timing_met() {
            "met"
        } else {
            "NOT met (--allow-timing-fail)"
        }
    );
    println!(
        "bitstream: {} ({} s)",
        built.bitstream.display(),
        built.elapsed.as_secs()
    );
    println!(
        "load it: gpu16 flash --board {} {}",
        board.name(),
        built.bitstream.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// A build's progress lines on standard error: the seconds since `started`, the board, the
/// step.
fn progress(board: &str, started: std::time::Instant) -> impl FnMut(&str) + '_ {
    move |step: &str| eprintln!("[{:>4}s] {board}: {step}", started.elapsed().as_secs())
}

/// "design: the GPU with 16 cores, performance counters: included, UART 115200 baud" (the
/// UART echo has neither cores nor counters).
fn what_is_built(design: Design, cores: usize, counters: bool, baud: u32) -> String {
    match design {
        Design::Gpu => format!(
            "design: the GPU with {cores} cores, performance counters: {}, UART {baud} baud",
            if counters { "included" } else { "left out" }
        ),
        Design::UartEcho => format!("design: {}, UART {baud} baud", design.name()),
    }
}

/// `gpu16 build` for a board its vendor's tool builds: the project, and the tool run on it
/// when it is on PATH (docs/BOARD.md, "Classroom boards").
fn vendor_build(args: &BuildArgs, board: VendorBoard, design: Design) -> Result<ExitCode> {
    let (tool, _) = gpu16_fpga::vendor::project::tool(board.vendor());
    if args.allow_timing_fail {
        bail!(
            "--allow-timing-fail: the {} is built by {tool}, whose script (build.tcl) refuses a \
             bitstream that misses timing; build at a slower --clock or a smaller GPU (--cores)",
            board.title()
        );
    }
    let clock_hz = args.clock.unwrap_or_else(|| board.default_clock_hz(design));
    board.design_clock(clock_hz).context("--clock")?;
    gpu16_sim::link::clocks_per_bit(clock_hz, args.baud)?;
    let opts = VendorBuildOptions {
        board,
        design,
        counters: !args.no_counters,
        cores: args.cores.given().unwrap_or(board.default_cores()),
        baud: args.baud,
        clock_hz: Some(clock_hz),
        dir: args
            .output
            .clone()
            .unwrap_or_else(|| default_dir(board.name())),
    };
    let started = std::time::Instant::now();
    let project = gpu16_fpga::vendor::project::build(&opts, &mut progress(board.name(), started))?;
    println!(
        "board: {} ({}), {}, clock {} MHz ({}; the default was not measured on {tool}: \
         docs/BOARD.md)",
        board.title(),
        board.part(),
        what_is_built(opts.design, opts.cores, opts.counters, opts.baud),
        f64::from(project.clock_hz) / 1e6,
        if board.pll_kind().is_some() && project.clock_hz != board.oscillator_hz() {
            "from the MMCM"
        } else {
            "the oscillator"
        },
    );
    let load = match board.loader_name() {
        Some(_) => format!("gpu16 flash --board {}", board.name()),
        None => board.vendor_programmer(),
    };
    match &project.bitstream {
        Some(bitstream) => {
            for line in &project.said {
                println!("{line}");
            }
            println!(
                "bitstream: {} ({} s)",
                bitstream.display(),
                started.elapsed().as_secs()
            );
            println!("load it: {load}");
        }
        None => println!(
            "project: {dir}\n{tool} is not on PATH, so nothing was built here. Build it where \
             {tool} is installed, in {dir}:\n  {command}\nIt writes the bitstream only if the \
             routed design meets timing. Then load it: {load}",
            dir = project.dir.display(),
            command = project.command(),
        ),
    }
    Ok(ExitCode::SUCCESS)
}

#[derive(Args)]
pub struct FlashArgs {
    /// The board.
    #[arg(long, value_enum)]
    board: BoardArg,
    /// The bitstream (default build/<board>/gpu16_<board>.bit, .fs for the Gowin boards,
    /// build/<board>/output_files/gpu16.svf for the Terasic boards).
    bitstream: Option<PathBuf>,
    /// Write it to the board's SPI flash, so it loads at power-up (default: into the FPGA's
    /// configuration memory, lost at power-off).
    #[arg(long)]
    write_flash: bool,
    /// The USB-Blaster II's firmware, for the DE1-SoC (default: Quartus's
    /// linux64/blaster_6810.hex, found from QUARTUS_ROOTDIR or quartus_pgm on PATH).
    #[arg(long, value_name = "FILE")]
    probe_firmware: Option<PathBuf>,
}

pub fn flash_command(args: &FlashArgs) -> Result<ExitCode> {
    let chosen = args.board.chosen();
    let (file, loader) = match chosen {
        Chosen::Open(b) => (b.bitstream_file(), Some(b.loader_name())),
        Chosen::Vendor(b) => (b.bitstream_file(), b.loader_name()),
    };
    let bitstream = args
        .bitstream
        .clone()
        .unwrap_or_else(|| default_dir(chosen.name()).join(file));
    if !bitstream.is_file() {
        bail!(
            "{}: no such bitstream; build it with `gpu16 build --board {}`",
            bitstream.display(),
            chosen.name()
        );
    }
    if let Chosen::Vendor(b) = chosen {
        if let (true, Some(writer)) = (args.write_flash, b.flash_writer()) {
            bail!(
                "--write-flash: gpu16 flash loads the {}'s FPGA (without --write-flash); its \
                 configuration flash is written with Quartus's tools, in the project folder: {writer}",
                b.title()
            );
        }
        let Some(_) = loader else {
            bail!(
                "openFPGALoader does not know the {}: load the bitstream with {}",
                b.title(),
                b.vendor_programmer()
            );
        };
    }
    let loader = loader.expect("every open board has an openFPGALoader name");
    let target = if args.write_flash {
        FlashTarget::Flash
    } else {
        FlashTarget::Sram
    };
    // The DE1-SoC's USB-Blaster II takes openFPGALoader only with Quartus's firmware: found,
    // or said before anything runs.
    let firmware = match chosen {
        Chosen::Vendor(b) if b.needs_probe_firmware() => Some(match &args.probe_firmware {
            Some(f) if f.is_file() => f.clone(),
            Some(f) => bail!("--probe-firmware {}: no such file", f.display()),
            None => blaster_ii_firmware(
                std::env::var("QUARTUS_ROOTDIR").ok().as_deref(),
                std::env::var("PATH").ok().as_deref(),
            )
            .ok_or(FlashError::NoProbeFirmware { board: b.title() })?,
        }),
        _ if args.probe_firmware.is_some() => bail!(
            "--probe-firmware: the {}'s programmer needs no firmware",
            chosen.name()
        ),
        _ => None,
    };
    let said = flash(
        chosen.name(),
        loader,
        &bitstream,
        target,
        firmware.as_deref(),
    )
    .map_err(|e| anyhow!(e))?;
    print!("{said}");
    Ok(ExitCode::SUCCESS)
}

#[derive(Args)]
pub struct BoardSimArgs {
    /// The board to stand in for (its pins are not simulated: every board runs the same
    /// design).
    #[arg(long, value_enum, default_value_t = BoardArg::Ulx3s85f)]
    board: BoardArg,
    /// Simulate a bitstream built without the performance counters.
    #[arg(long)]
    no_counters: bool,
    #[command(flatten)]
    cores: CoresArg,
}

pub fn board_sim_command(args: &BoardSimArgs) -> Result<ExitCode> {
    let board = args.board.chosen();
    let cache = gpu16_fpga::verilog_engine::cache_dir();
    eprintln!(
        "building or reusing the simulated board in {} (the first build takes a few minutes)",
        cache.display()
    );
    let cores = args.cores.given().unwrap_or(board.default_cores());
    let sim = crate::progress::timed("building the simulated board", || {
        BoardSim::build(&cache, !args.no_counters, cores)
    })?;
    let running = sim.start()?;
    eprintln!(
        "gpu16 simulated board ({}, {} cores, performance counters {}): the board top compiled by \
         Verilator, on the terminal below.\nIts UART bit time is {SIM_CLOCKS_PER_BIT} clock cycles \
         (a real board at 115200 baud: 217), so transfers take thousands of cycles, not \
         millions; --baud does not matter here.\nTry: gpu16 run examples/histogram.s --sm \
         examples/histogram.sm.hex --engine board --port {}\nStop it with Ctrl-C, or `kill` \
         this process ({}).",
        board.name(),
        cores,
        if args.no_counters {
            "left out"
        } else {
            "built in"
        },
        running.port,
        std::process::id()
    );
    // Ctrl-C reaches the simulator too; `kill`, a closed terminal or a stopped job's end reach
    // only this process: each stops the simulator before it goes. (Set before the terminal is
    // printed: whoever reads it may signal at once.)
    // SAFETY: the handler only stores to an atomic.
    unsafe {
        for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
            libc::signal(signal, stop_board_sim as *const () as libc::sighandler_t);
        }
    }
    println!("{}", running.port);
    running.serve_until(|| BOARD_SIM_STOP.load(std::sync::atomic::Ordering::Relaxed))?;
    Ok(ExitCode::SUCCESS)
}

/// A signal asked `gpu16 board-sim` to stop.
static BOARD_SIM_STOP: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

extern "C" fn stop_board_sim(_signal: libc::c_int) {
    BOARD_SIM_STOP.store(true, std::sync::atomic::Ordering::Relaxed);
}

#[derive(Args)]
pub struct StopArgs {
    /// The board's serial port, e.g. /dev/ttyUSB0, or the terminal `gpu16 board-sim` prints.
    #[arg(long, value_name = "PORT")]
    port: String,
    /// The serial port's rate: the one the bitstream was built for (300-12000000).
    #[arg(long, default_value_t = 115_200, value_parser = clap::value_parser!(u32).range(300..=12_000_000))]
    baud: u32,
}

pub fn stop_command(args: &StopArgs) -> Result<ExitCode> {
    let mut link = gpu16_host::Link::open(&args.port, args.baud)?;
    match gpu16_host::stop(&mut link)? {
        Some(st) => println!(
            "{}: stopped the run at cycle {} (status TIMEOUT, marked stopped); the board is idle",
            args.port, st.cycles
        ),
        None => println!("{}: the board is idle: no run to stop", args.port),
    }
    Ok(ExitCode::SUCCESS)
}

/// A Ctrl-C (or `kill`) asks the board run in progress to stop the run it launched before the
/// program exits; a second one ends the program at once.
pub fn stop_board_run_on_signal() {
    // SAFETY: the handler only stores to an atomic and resets the signal's disposition, both
    // async-signal-safe.
    unsafe {
        for signal in [libc::SIGINT, libc::SIGTERM] {
            libc::signal(
                signal,
                interrupt_board_run as *const () as libc::sighandler_t,
            );
        }
    }
}

extern "C" fn interrupt_board_run(signal: libc::c_int) {
    gpu16_host::interrupt();
    // SAFETY: as above.
    unsafe {
        libc::signal(signal, libc::SIG_DFL);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_board_value_names_a_board() {
        for value in BoardArg::value_variants() {
            let name = value.to_possible_value().unwrap().get_name().to_string();
            assert_eq!(value.chosen().name(), name);
        }
    }
}
