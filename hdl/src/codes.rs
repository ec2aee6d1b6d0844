//! Numbers from the contract inside the RTL: [`Code`], a constant whose value is in its type,
//! and the codes a core reports a fault with (the task port's `fault_code`).
//!
//! Inside `#[hdl_gen]` a Rust `const` is emitted as an undriven wire (docs/microarchitecture.md,
//! the rust-hdl rules), and rust-hdl's own `Constant` has no `Default`, so a block holding one
//! cannot derive it. A `Code<V, N>` field is emitted as rust-hdl's `Constant` (a `localparam`)
//! and defaults to its value: a block writes `self.timeout.val()` where it would have written
//! a number, with the number taken from `sim` (`ErrorCode::hardware_code`,
//! `gpu16_sim::isa::opcode`) or from this file.

use gpu16_sim::run::ErrorCode;
use rust_hdl::prelude::*;

/// `fault_code` for `ILLEGAL_INSN`.
pub const FAULT_ILLEGAL_INSN: u64 = 1;
/// `fault_code` for `ATOMIC_VIOLATION`.
pub const FAULT_ATOMIC_VIOLATION: u64 = 2;

/// The error a task port's `fault_code` names; `None` for a code no fault has.
pub fn fault_error(code: u64) -> Option<ErrorCode> {
    match code {
        FAULT_ILLEGAL_INSN => Some(ErrorCode::IllegalInsn),
        FAULT_ATOMIC_VIOLATION => Some(ErrorCode::AtomicViolation),
        _ => None,
    }
}

/// The status code of `error` (`ErrorCode::hardware_code`), as a [`Code`]'s value.
pub const fn status(error: ErrorCode) -> u64 {
    error.hardware_code() as u64
}

/// The constant `V`, `N` bits wide.
#[derive(Clone, Debug)]
pub struct Code<const V: u64, const N: usize>(Constant<Bits<N>>);

impl<const V: u64, const N: usize> Default for Code<V, N> {
    fn default() -> Self {
        Code(Constant::new(V.into()))
    }
}

impl<const V: u64, const N: usize> Code<V, N> {
    /// The value (in `#[hdl_gen]`: the `localparam`).
    pub fn val(&self) -> Bits<N> {
        self.0.val()
    }
}

impl<const V: u64, const N: usize> Logic for Code<V, N> {
    fn update(&mut self) {}

    fn connect(&mut self) {}
}

impl<const V: u64, const N: usize> Block for Code<V, N> {
    fn connect_all(&mut self) {}

    fn update_all(&mut self) {}

    fn has_changed(&self) -> bool {
        false
    }

    fn accept(&self, name: &str, probe: &mut dyn Probe) {
        probe.visit_atom(name, &self.0);
    }
}
