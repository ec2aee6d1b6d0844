//! The picture's copy across the clocks (hdl/src/video/frame_copy.rs): `FrameCopy` in a GPU
//! clock and `FrameWrite` in a pixel clock, wired by the test, at clock ratios either way.
//! After a run's end the frame memory holds exactly the shared memory; the host port is used
//! only in cycles it is free (the test keeps it busy half the time); every row is started in
//! the vertical blanking and written in the 16 cycles after, a copy's first row only in the
//! blanking's window; a second run's end copies the new memory. With the port free, a whole
//! copy takes at most `COPY_CYCLES` pixel cycles, down to the slowest GPU clock it is stated
//! for. Each block's emitted Verilog replays its own clock's cycles in Icarus (lint too).

use gpu16_fpga::cosim::{Recording, Simulator};
use gpu16_fpga::{emit, lint};
use gpu16_hdl::sim::{connected, settle, tick};
use gpu16_hdl::video::frame_copy::{window_lines, COPY_CYCLES, SLOWEST_GPU_CLOCK};
use gpu16_hdl::video::{FrameCopy, FrameWrite};
use gpu16_hdl::video_driver::{answer_reads, two_clocks, Edge, RUN_CYCLES, SIMULATED_MODE};
use gpu16_testbenches::rng::Rng;

/// Pixel cycles in a test frame, how many of them are the vertical blanking (at its end),
/// and how many of those at the blanking's start are the copy's window.
#[derive(Clone, Copy)]
struct Frame {
    cycles: u64,
    vblank: u64,
    window: u64,
}

/// Short frames: a copy takes many blankings.
const SHORT: Frame = Frame {
    cycles: 1000,
    vblank: 300,
    window: 100,
};

struct Bench {
    copy: FrameCopy,
    write: FrameWrite,
    /// Each block's cycles, for the Verilog to replay (only where a test replays them).
    rec_copy: Option<Recording>,
    rec_write: Option<Recording>,
    rng: Rng,
    frame_timing: Frame,
    /// The percentage of GPU cycles the host port is busy.
    busy: u64,
    /// Shared memory behind the host port, and the frame memory the writes fill.
    sm: Vec<u8>,
    frame: Vec<u8>,
    /// The host port's read of last GPU cycle (its row), answered this cycle.
    read_row: Option<usize>,
    done: bool,
    pixel_cycle: u64,
    /// Pixel cycles since the current row's first write; whether last pixel cycle was in
    /// the blanking (a row is started in one, and written from the next).
    row_age: Option<u64>,
    was_vblank: bool,
    was_window: bool,
    /// The pixel cycle of the last copy's first write (row 0, bank 0), and the cycles from
    /// it to its last write (row 255, bank 15) inclusive.
    copy_from: Option<u64>,
    copy_span: Option<u64>,
    /// The frame memory as each frame's visible area started to be drawn.
    shown: Vec<Vec<u8>>,
}

impl Bench {
    fn new(seed: u64, frame_timing: Frame, busy: u64) -> Bench {
        let mut rng = Rng::new(seed);
        let sm = (0..4096).map(|_| rng.below(256) as u8).collect();
        Bench {
            copy: connected(),
            write: connected(),
            rec_copy: None,
            rec_write: None,
            rng,
            frame_timing,
            busy,
            sm,
            frame: vec![0; 4096],
            read_row: None,
            done: false,
            pixel_cycle: 0,
            row_age: None,
            was_vblank: false,
            was_window: false,
            copy_from: None,
            copy_span: None,
            shown: Vec::new(),
        }
    }

    /// One GPU cycle: the host port busy `busy` % of the time, and answered like the GPU's.
    fn gpu_cycle(&mut self) {
        let free = self.busy == 0 || !self.rng.chance(self.busy);
        let c = &mut self.copy;
        c.done.next = self.done;
        c.port_free.next = free;
        answer_reads(c, &self.sm, self.read_row);
        c.taken.next = self.write.taken.val();
        settle(c).unwrap();
        if let Some(rec) = &mut self.rec_copy {
            rec.sample(c);
        }
        if c.sm_en.val() {
            assert!(free, "the host port is used while the host has it");
        }
        self.read_row = c.sm_en.val().then(|| c.sm_row.val().index());
        tick(c, |c| &mut c.clock).unwrap();
    }

    /// One pixel cycle, with the blanking at the end of each frame.
    fn pixel_cycle(&mut self) {
        let Frame {
            cycles,
            vblank,
            window,
        } = self.frame_timing;
        // The visible area first, then the blanking.
        let in_frame = self.pixel_cycle % cycles;
        let (vblank, window) = (
            in_frame >= cycles - vblank,
            in_frame >= cycles - vblank && in_frame < cycles - vblank + window,
        );
        let w = &mut self.write;
        w.vblank.next = vblank;
        w.window.next = window;
        w.offer.next = self.copy.offer.val();
        w.row_index.next = self.copy.row_index.val();
        for (j, byte) in w.row_data.iter_mut().enumerate() {
            byte.next = self.copy.row_data[j].val();
        }
        settle(w).unwrap();
        if let Some(rec) = &mut self.rec_write {
            rec.sample(w);
        }
        if w.write.val() {
            let age = self.row_age.map_or(0, |a| a + 1);
            let address = w.write_address.val().index();
            if age == 0 {
                assert!(
                    self.was_vblank,
                    "pixel cycle {}: a row started outside the blanking",
                    self.pixel_cycle
                );
                if address == 0 {
                    assert!(
                        self.was_window,
                        "pixel cycle {}: a copy started outside the window",
                        self.pixel_cycle
                    );
                    self.copy_from = Some(self.pixel_cycle);
                }
            }
            assert!(age < 16, "a row takes 16 cycles");
            self.row_age = Some(age);
            if let (0xfff, Some(from)) = (address, self.copy_from) {
                self.copy_span = Some(self.pixel_cycle + 1 - from);
            }
            self.frame[address] = w.write_data.val().index() as u8;
        } else {
            self.row_age = None;
        }
        tick(w, |w| &mut w.clock).unwrap();
        if self.was_vblank && !vblank {
            self.shown.push(self.frame.clone());
        }
        self.was_vblank = vblank;
        self.was_window = window;
        self.pixel_cycle += 1;
    }

    /// Runs both clocks for `time` units, a GPU cycle every `gpu` units and a pixel cycle
    /// every `pixel`.
    fn run(&mut self, time: u64, gpu: u64, pixel: u64) {
        let stepped: Result<(), std::convert::Infallible> = two_clocks(time, gpu, pixel, |edge| {
            match edge {
                Edge::Gpu => self.gpu_cycle(),
                Edge::Pixel => self.pixel_cycle(),
            }
            Ok(())
        });
        stepped.unwrap();
    }
}

impl Bench {
    /// Runs frame by frame until the frame memory holds shared memory; the frames it took.
    fn until_copied(&mut self, gpu: u64, pixel: u64) -> u64 {
        for frames in 1..=60 {
            self.run(self.frame_timing.cycles * pixel, gpu, pixel);
            if self.frame == self.sm {
                return frames;
            }
        }
        panic!("the frame memory does not hold shared memory after 60 frames");
    }
}

/// A run's end is copied whole, then a second run's; at `gpu`:`pixel` clock periods.
fn copies_at(seed: u64, gpu: u64, pixel: u64) -> Bench {
    let mut b = Bench::new(seed, SHORT, 50);
    (b.rec_copy, b.rec_write) = (Some(Recording::default()), Some(Recording::default()));
    b.run(50 * gpu, gpu, pixel);
    assert!(
        b.frame.iter().all(|&v| v == 0),
        "nothing copied before a run ends"
    );
    b.done = true;
    // About VBLANK / 20 rows a frame, by the blanking's length: 256 rows in 20-odd frames.
    let first = b.until_copied(gpu, pixel);
    assert!(first <= 30, "{first} frames");
    // A second run: new memory, copied when it ends.
    b.done = false;
    b.run(20 * gpu, gpu, pixel);
    for v in b.sm.iter_mut().step_by(7) {
        *v ^= 0x5a;
    }
    b.done = true;
    b.until_copied(gpu, pixel);
    b
}

#[test]
fn a_gpu_clock_faster_than_the_pixel_clock() {
    copies_at(1, 5, 8);
}

#[test]
fn a_gpu_clock_slower_than_the_pixel_clock_and_the_verilog() {
    let b = copies_at(2, 7, 3);
    let dir = gpu16_testbenches::scratch!("frame_copy");
    let copy = emit::verilog(&connected::<FrameCopy>(), "gpu16_frame_copy").unwrap();
    let write = emit::verilog(&connected::<FrameWrite>(), "gpu16_frame_write").unwrap();
    for (v, top, rec) in [
        (&copy, "gpu16_frame_copy", &b.rec_copy.unwrap()),
        (&write, "gpu16_frame_write", &b.rec_write.unwrap()),
    ] {
        lint::yosys_check(v, top, &dir).unwrap();
        lint::verilator_lint(v, top, &dir).unwrap();
        rec.run(v, top, Simulator::Icarus, &dir).unwrap();
    }
}

/// With the port free, a copy takes at most `COPY_CYCLES` pixel cycles from its first write to
/// its last, with the GPU's clock as slow as `SLOWEST_GPU_CLOCK` of the pixel clock, as fast,
/// and faster: the bound the window in the blanking is computed from.
#[test]
fn a_copy_ends_within_its_stated_cycles() {
    let long = Frame {
        cycles: 40_000,
        vblank: 30_000,
        window: 100,
    };
    let (num, den) = SLOWEST_GPU_CLOCK;
    for (gpu, pixel) in [(u64::from(den), u64::from(num)), (1, 1), (5, 8)] {
        let mut b = Bench::new(3, long, 0);
        b.done = true;
        assert!(
            b.until_copied(gpu, pixel) <= 2,
            "one blanking at {gpu}:{pixel}"
        );
        let span = b.copy_span.expect("the copy's first and last writes");
        assert!(
            span <= u64::from(COPY_CYCLES),
            "GPU period {gpu}, pixel period {pixel}: {span} pixel cycles"
        );
        eprintln!("GPU period {gpu}, pixel period {pixel}: a copy in {span} pixel cycles");
    }
}

/// A second run ending at each sixteenth of a frame, in the simulated mode's proportions
/// (`SIMULATED_MODE`, the window as `ScanOut` computes it): the frame memory as each frame
/// starts to be drawn is one picture whole, never rows of two. (testbenches/tests/video_out.rs
/// decodes the monitor's frames for two of the phases.)
#[test]
fn a_run_ending_at_any_phase_of_the_frame_leaves_no_frame_mixed() {
    let mode = SIMULATED_MODE;
    let h_total = u64::from(mode.h_total());
    let blank_lines = u64::from(mode.v_total() - mode.v_visible);
    let timing = Frame {
        cycles: h_total * u64::from(mode.v_total()),
        vblank: h_total * blank_lines,
        window: h_total * u64::from(window_lines(mode).unwrap()),
    };
    for sixteenth in 0..16 {
        let mut b = Bench::new(4, timing, 0);
        let a = b.sm.clone();
        b.done = true;
        b.run(timing.cycles + sixteenth * timing.cycles / 16, 1, 1);
        b.done = false;
        b.run(RUN_CYCLES, 1, 1);
        for v in b.sm.iter_mut() {
            *v = !*v;
        }
        b.done = true;
        b.run(3 * timing.cycles, 1, 1);
        let names: Vec<&str> = b
            .shown
            .iter()
            .map(|f| match f {
                f if *f == a => "A",
                f if *f == b.sm => "B",
                f if f.iter().all(|&v| v == 0) => "black",
                _ => "mixed",
            })
            .collect();
        let at = format!("{sixteenth}/16: {names:?}");
        assert!(names.len() >= 4, "{at}");
        // A is copied in the first frame's blanking: the second frame, the first drawn after
        // one, shows it.
        assert_eq!(names[0], "A", "{at}");
        let first_b = names.iter().position(|&n| n == "B");
        let first_b = first_b.unwrap_or_else(|| panic!("{at}: B never shown"));
        assert!(names[..first_b].iter().all(|&n| n == "A"), "{at}");
        assert!(names[first_b..].iter().all(|&n| n == "B"), "{at}");
    }
}
