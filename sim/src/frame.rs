//! Task Memory frames (MACHINE.md §2): 32 bytes = 4 little-endian 64-bit task lines.
//!
//! A frame is raw bytes; whether it is a Control Frame or an Instruction Frame depends only on
//! its position in the program ([`layout`]).

/// Bytes in a frame.
pub const FRAME_BYTES: usize = 32;
/// Task lines (64-bit words) in a frame.
pub const TASK_LINES: usize = 4;
/// Frames in Task Memory.
pub const MAX_FRAMES: usize = 64;
/// Instructions in an instruction frame.
pub const IF_INSNS: usize = 16;
/// Cores in the GPU (MACHINE.md §1); a smaller build has N of them, cores 0..N-1.
pub const CORES: usize = 16;

/// The core mask of a build with `n` cores (1–16): bits 0..n set.
pub fn present_cores(n: usize) -> u16 {
    assert!((1..=CORES).contains(&n), "a GPU has 1–16 cores, not {n}");
    (((1u32) << n) - 1) as u16
}

/// One 32-byte Task Memory frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Frame(pub [u8; FRAME_BYTES]);

impl Frame {
    /// Task line `k` (0–3) as a little-endian 64-bit word.
    pub fn task_line(&self, k: usize) -> u64 {
        u64::from_le_bytes(self.0[8 * k..8 * k + 8].try_into().unwrap())
    }

    /// The frame built from its four task lines.
    pub fn from_task_lines(lines: [u64; TASK_LINES]) -> Frame {
        let mut bytes = [0u8; FRAME_BYTES];
        for (k, line) in lines.iter().enumerate() {
            bytes[8 * k..8 * k + 8].copy_from_slice(&line.to_le_bytes());
        }
        Frame(bytes)
    }

    /// Instruction word `i` (0–15) when the frame is read as an IF.
    pub fn word(&self, i: usize) -> u16 {
        u16::from_le_bytes([self.0[2 * i], self.0[2 * i + 1]])
    }

    /// The 16 instruction words of the frame read as an IF.
    pub fn words(&self) -> [u16; IF_INSNS] {
        std::array::from_fn(|i| self.word(i))
    }

    /// An IF holding `words`.
    pub fn from_words(words: &[u16; IF_INSNS]) -> Frame {
        let mut bytes = [0u8; FRAME_BYTES];
        for (i, w) in words.iter().enumerate() {
            bytes[2 * i..2 * i + 2].copy_from_slice(&w.to_le_bytes());
        }
        Frame(bytes)
    }
}

/// The fence of a Control Frame (bits [7:6]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Fence {
    /// 0: an IF waits only for its own cores.
    #[default]
    No,
    /// 1: once an IF is issued, nothing after it is handled until it completes.
    Acq,
    /// 2: an IF waits until no task at all is in flight.
    Rel,
}

impl Fence {
    /// The 2-bit encoding; `None` for the reserved value 3.
    pub fn from_bits(bits: u8) -> Option<Fence> {
        match bits & 3 {
            0 => Some(Fence::No),
            1 => Some(Fence::Acq),
            2 => Some(Fence::Rel),
            _ => None,
        }
    }

    /// The assembler name.
    pub fn name(self) -> &'static str {
        match self {
            Fence::No => "no",
            Fence::Acq => "acq",
            Fence::Rel => "rel",
        }
    }
}

/// The fields of a Control Frame (MACHINE.md §2). `fence_bits` keeps the raw 2-bit value so that a
/// reserved fence (3) is representable; reserved bits are not fields: see
/// [`ControlFrame::reserved_bits_set`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct ControlFrame {
    /// `IF_Num`: instruction frames that follow (0–63).
    pub if_num: u8,
    /// `fence`: raw bits [7:6]; 3 is reserved (`BAD_FENCE`).
    pub fence_bits: u8,
    /// `Core_Active_Vect`: bit i = core i belongs to the group.
    pub core_active_vect: u16,
    /// `Init_R0_Vect`: bit i = initialise R0 of core i.
    pub init_r0_vect: u16,
    /// `Init_R0[i]`: value for R0 of core i.
    pub init_r0: [u8; CORES],
}

impl ControlFrame {
    /// Decodes a frame read as a CF (reserved bits are ignored, as the hardware does).
    pub fn decode(frame: &Frame) -> ControlFrame {
        let b = &frame.0;
        ControlFrame {
            if_num: b[0] & 0x3f,
            fence_bits: b[0] >> 6,
            core_active_vect: u16::from_le_bytes([b[2], b[3]]),
            init_r0_vect: u16::from_le_bytes([b[4], b[5]]),
            init_r0: b[16..32].try_into().unwrap(),
        }
    }

    /// The frame with these fields and every reserved bit 0.
    pub fn encode(&self) -> Frame {
        let mut b = [0u8; FRAME_BYTES];
        b[0] = (self.if_num & 0x3f) | ((self.fence_bits & 3) << 6);
        b[2..4].copy_from_slice(&self.core_active_vect.to_le_bytes());
        b[4..6].copy_from_slice(&self.init_r0_vect.to_le_bytes());
        b[16..32].copy_from_slice(&self.init_r0);
        Frame(b)
    }

    /// The fence, or `None` for the reserved value 3.
    pub fn fence(&self) -> Option<Fence> {
        Fence::from_bits(self.fence_bits)
    }

    /// The cores whose R0 this CF writes: `Init_R0_Vect & Core_Active_Vect` (MACHINE.md §3).
    pub fn r0_targets(&self) -> u16 {
        self.init_r0_vect & self.core_active_vect
    }

    /// True when `frame`, read as a CF, has a reserved bit (byte 1, bytes 6–15) set.
    pub fn reserved_bits_set(frame: &Frame) -> bool {
        frame.0[1] != 0 || frame.0[6..16].iter().any(|&b| b != 0)
    }
}

/// The kind of a frame, by position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FrameKind {
    /// A control frame.
    Cf,
    /// Instruction frame `index` (0-based) of the CF at frame `cf`.
    If { cf: usize, index: usize },
}

/// The first CF of `frames` that names a core a GPU of `cores` cores lacks, and that core:
/// where a run on it stops with `NO_CORE` (MACHINE.md §7), unless an earlier error stops it first.
pub fn first_absent_core(frames: &[Frame], cores: usize) -> Option<(usize, u32)> {
    let absent = !present_cores(cores);
    layout(frames)
        .iter()
        .enumerate()
        .filter(|(_, k)| **k == FrameKind::Cf)
        .find_map(|(f, _)| {
            let named = ControlFrame::decode(&frames[f]).core_active_vect & absent;
            (named != 0).then(|| (f, named.trailing_zeros()))
        })
}

/// The kind of each of `frames`, walking CFs and their `IF_Num` from frame 0. A CF whose
/// `IF_Num` runs past the end makes the remaining frames its IFs (the scheduler reports it as
/// `TRUNCATED` when it reaches the CF).
pub fn layout(frames: &[Frame]) -> Vec<FrameKind> {
    let mut kinds = Vec::with_capacity(frames.len());
    let mut f = 0;
    while f < frames.len() {
        kinds.push(FrameKind::Cf);
        let n = ControlFrame::decode(&frames[f]).if_num as usize;
        for index in 0..n.min(frames.len() - f - 1) {
            kinds.push(FrameKind::If { cf: f, index });
        }
        f += n + 1;
    }
    kinds
}

/// What tools warn about in a Control Frame (MACHINE.md §2, §3, §7): it is legal, but probably not
/// what its author meant, or it ends the run with an error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CfWarning {
    /// Fence 3: the run stops at this CF with `BAD_FENCE`.
    ReservedFence,
    /// Reserved bits set: the hardware ignores them.
    ReservedBits,
    /// `IF_Num` runs past the program's last frame: the run stops with `TRUNCATED`.
    Truncated { if_num: u8 },
    /// An R0 value for a core outside the mask: it is not written.
    StrayR0 { core: usize },
    /// `Core_Active_Vect` = 0: its IFs are empty tasks.
    EmptyMask,
}

impl std::fmt::Display for CfWarning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CfWarning::ReservedFence => {
                write!(f, "fence 3 is reserved: the run stops here with BAD_FENCE")
            }
            CfWarning::ReservedBits => {
                write!(f, "reserved bits are set (the hardware ignores them)")
            }
            CfWarning::Truncated { if_num } => write!(
                f,
                "IF_Num {if_num} runs past the end of the program: the run stops here with \
                 TRUNCATED"
            ),
            CfWarning::StrayR0 { core } => write!(
                f,
                "core {core} is not in this CF's mask: its R0 is not written"
            ),
            CfWarning::EmptyMask => write!(
                f,
                "empty mask: this CF's instruction frames are empty tasks that complete at once"
            ),
        }
    }
}

/// The warnings for each CF of a program, as `(frame, warning)`, in program order.
pub fn cf_warnings(frames: &[Frame]) -> Vec<(usize, CfWarning)> {
    let mut warnings = Vec::new();
    for (f, kind) in layout(frames).into_iter().enumerate() {
        if kind != FrameKind::Cf {
            continue;
        }
        let cf = ControlFrame::decode(&frames[f]);
        if cf.fence().is_none() {
            warnings.push((f, CfWarning::ReservedFence));
        }
        if ControlFrame::reserved_bits_set(&frames[f]) {
            warnings.push((f, CfWarning::ReservedBits));
        }
        if f + usize::from(cf.if_num) >= frames.len() {
            warnings.push((f, CfWarning::Truncated { if_num: cf.if_num }));
        }
        for core in 0..CORES {
            let stray = cf.init_r0_vect & !cf.core_active_vect & (1 << core) != 0;
            if stray {
                warnings.push((f, CfWarning::StrayR0 { core }));
            }
        }
        if cf.core_active_vect == 0 {
            warnings.push((f, CfWarning::EmptyMask));
        }
    }
    warnings
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_8_example_first_line() {
        let cf = ControlFrame {
            if_num: 4,
            fence_bits: Fence::Acq as u8,
            core_active_vect: 0x0f0f,
            ..Default::default()
        };
        assert_eq!(cf.encode().task_line(0), 0x0000_0000_0f0f_0044);
        assert_eq!(ControlFrame::decode(&cf.encode()), cf);
    }

    #[test]
    fn init_r0_of_core_0_is_byte_16() {
        let mut cf = ControlFrame::default();
        cf.init_r0[0] = 0xaa;
        cf.init_r0[15] = 0x55;
        let f = cf.encode();
        assert_eq!(f.0[16], 0xaa);
        assert_eq!(f.task_line(2) & 0xff, 0xaa);
        assert_eq!(f.task_line(3) >> 56, 0x55);
    }

    #[test]
    fn control_frames_are_warned_about_as_tools_must() {
        let mut odd = ControlFrame {
            if_num: 5,
            fence_bits: 3,
            core_active_vect: 0,
            init_r0_vect: 0x0004,
            ..Default::default()
        }
        .encode();
        odd.0[1] = 0x80;
        let fine = ControlFrame {
            if_num: 0,
            core_active_vect: 1,
            ..Default::default()
        }
        .encode();
        assert!(cf_warnings(&[fine]).is_empty());
        assert_eq!(
            cf_warnings(&[fine, odd]),
            [
                (1, CfWarning::ReservedFence),
                (1, CfWarning::ReservedBits),
                (1, CfWarning::Truncated { if_num: 5 }),
                (1, CfWarning::StrayR0 { core: 2 }),
                (1, CfWarning::EmptyMask),
            ]
        );
    }

    #[test]
    fn layout_is_positional() {
        let cf = |n| {
            ControlFrame {
                if_num: n,
                ..Default::default()
            }
            .encode()
        };
        let frames = [
            cf(2),
            Frame::default(),
            Frame::default(),
            cf(0),
            cf(5),
            cf(0),
        ];
        let kinds = layout(&frames);
        assert_eq!(kinds[0], FrameKind::Cf);
        assert_eq!(kinds[2], FrameKind::If { cf: 0, index: 1 });
        assert_eq!(kinds[3], FrameKind::Cf);
        assert_eq!(kinds[4], FrameKind::Cf);
        assert_eq!(kinds[5], FrameKind::If { cf: 4, index: 0 });
        assert_eq!(kinds.len(), 6);
    }
}
