//! The picture's copy across the clocks (hdl/src/video/frame_copy.rs): `FrameCopy` in a GPU
//! clock and `FrameWrite` in a pixel clock, wired by the test, at clock ratios either way.
//! After a run's end the frame memory holds exactly the shared memory; the host port is used
//! only in cycles it is free (the test keeps it busy half the time); every row is started in
//! the vertical blanking and written in the 16 cycles after; a second run's end copies the new
//! memory. Each block's emitted Verilog replays its own clock's cycles in Icarus (lint too).

use gpu16_fpga::cosim::{Recording, Simulator};
use gpu16_fpga::{emit, lint};
use gpu16_hdl::sim::{connected, settle, tick};
use gpu16_hdl::video::{FrameCopy, FrameWrite};
use gpu16_hdl::video_driver::{answer_reads, two_clocks, Edge};
use gpu16_testbenches::rng::Rng;

/// Pixel cycles in a test frame, and how many of them are the vertical blanking (at its end).
const FRAME: u64 = 1000;
const VBLANK: u64 = 300;

struct Bench {
    copy: FrameCopy,
    write: FrameWrite,
    rec_copy: Recording,
    rec_write: Recording,
    rng: Rng,
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
}

impl Bench {
    fn new(seed: u64) -> Bench {
        let mut rng = Rng::new(seed);
        let sm = (0..4096).map(|_| rng.below(256) as u8).collect();
        Bench {
            copy: connected(),
            write: connected(),
            rec_copy: Recording::default(),
            rec_write: Recording::default(),
            rng,
            sm,
            frame: vec![0; 4096],
            read_row: None,
            done: false,
            pixel_cycle: 0,
            row_age: None,
            was_vblank: false,
        }
    }

    /// One GPU cycle: the host port busy half the time, and answered like the GPU's.
    fn gpu_cycle(&mut self) {
        let free = self.rng.chance(50);
        let c = &mut self.copy;
        c.done.next = self.done;
        c.port_free.next = free;
        answer_reads(c, &self.sm, self.read_row);
        c.taken.next = self.write.taken.val();
        settle(c).unwrap();
        self.rec_copy.sample(c);
        if c.sm_en.val() {
            assert!(free, "the host port is used while the host has it");
        }
        self.read_row = c.sm_en.val().then(|| c.sm_row.val().index());
        tick(c, |c| &mut c.clock).unwrap();
    }

    /// One pixel cycle, with the blanking at the end of each frame.
    fn pixel_cycle(&mut self) {
        let vblank = self.pixel_cycle % FRAME >= FRAME - VBLANK;
        let w = &mut self.write;
        w.vblank.next = vblank;
        w.offer.next = self.copy.offer.val();
        w.row_index.next = self.copy.row_index.val();
        for (j, byte) in w.row_data.iter_mut().enumerate() {
            byte.next = self.copy.row_data[j].val();
        }
        settle(w).unwrap();
        self.rec_write.sample(w);
        if w.write.val() {
            let age = self.row_age.map_or(0, |a| a + 1);
            if age == 0 {
                assert!(
                    self.was_vblank,
                    "pixel cycle {}: a row started outside the blanking",
                    self.pixel_cycle
                );
            }
            assert!(age < 16, "a row takes 16 cycles");
            self.row_age = Some(age);
            self.frame[w.write_address.val().index()] = w.write_data.val().index() as u8;
        } else {
            self.row_age = None;
        }
        tick(w, |w| &mut w.clock).unwrap();
        self.was_vblank = vblank;
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
            self.run(FRAME * pixel, gpu, pixel);
            if self.frame == self.sm {
                return frames;
            }
        }
        panic!("the frame memory does not hold shared memory after 60 frames");
    }
}

/// A run's end is copied whole, then a second run's; at `gpu`:`pixel` clock periods.
fn copies_at(seed: u64, gpu: u64, pixel: u64) -> Bench {
    let mut b = Bench::new(seed);
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
        (&copy, "gpu16_frame_copy", &b.rec_copy),
        (&write, "gpu16_frame_write", &b.rec_write),
    ] {
        lint::yosys_check(v, top, &dir).unwrap();
        lint::verilator_lint(v, top, &dir).unwrap();
        rec.run(v, top, Simulator::Icarus, &dir).unwrap();
    }
}
