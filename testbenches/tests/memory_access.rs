//! The core's memory access (hdl/src/core/memory_access.rs), driven as the execute stage and
//! the memory port drive it: the request carries E's address `{b[3:0], a}`, store, `_sync`
//! and byte, and a store that is not the task's last is posted; a load or store with mode bits
//! 1x faults as illegal and is withdrawn (`keep` low); a granted `ld_sync` takes the lock on
//! its byte, a granted `st_sync` gives it back, and the end of the task or a stop drops it;
//! while locked a load, a plain store, `ready` or an `st_sync` to another byte faults (and
//! an `st_sync` without the lock); E's own access is `granted` the cycle after its grant. Its
//! Verilog replays inside the core's (`core_verilog.rs`).

use gpu16_hdl::core::MemoryAccess;
use gpu16_hdl::sim::{connected, settle, tick};
use gpu16_sim::isa::{field, opcode};
use gpu16_testbenches::decoded::controls;

/// E's instruction as far as this block sees it.
#[derive(Clone, Copy)]
struct E {
    opcode: u64,
    mode: u64,
    last: bool,
    addr: u64,
    byte: u64,
}

const LD: u64 = opcode::LD as u64;
const ST: u64 = opcode::ST as u64;
const READY: u64 = opcode::READY as u64;

fn present(m: &mut MemoryAccess, e: E) {
    m.e.valid.next = true;
    m.e.controls.next = controls(((e.opcode << field::OPCODE) | (e.mode << field::MODE)) as u16);
    m.e.mem.next = e.opcode == LD || e.opcode == ST;
    m.e.last.next = e.last;
    m.e.a.next = (e.addr & 0xff).into();
    m.e.b.next = (e.addr >> 8).into();
    m.e.c.next = e.byte.into();
    m.port.busy.next = false;
    m.request.gnt.next = false;
    m.finish.next = false;
    m.stop.next = false;
    settle(m).unwrap();
}

/// Grants the access presented now, as the port would (E's own, nothing posted).
fn grant(m: &mut MemoryAccess) {
    m.request.gnt.next = true;
    m.port.keep.next = m.request.keep.val();
    m.port.sync.next = m.request.sync.val();
    m.port.write.next = m.request.write.val();
    settle(m).unwrap();
    tick(m, |m| &mut m.clock).unwrap();
    m.request.gnt.next = false;
}

/// Grants the access presented now and lets it leave E (a load, the cycle after its grant).
fn complete(m: &mut MemoryAccess) {
    grant(m);
    settle(m).unwrap();
    tick(m, |m| &mut m.clock).unwrap();
    settle(m).unwrap();
    assert!(!m.granted.val());
}

fn e(opcode: u64, mode: u64, addr: u64) -> E {
    E {
        opcode,
        mode,
        last: false,
        addr,
        byte: 0x5a,
    }
}

#[test]
fn the_request_carries_e_and_a_store_is_posted_unless_it_ends_the_task() {
    let mut m = connected::<MemoryAccess>();
    present(
        &mut m,
        E {
            byte: 0x3c,
            ..e(ST, 0, 0xabc)
        },
    );
    let r = &m.request;
    assert!(r.req.val() && r.keep.val() && r.write.val() && !r.sync.val());
    assert_eq!((r.addr.val().index(), r.wdata.val().index()), (0xabc, 0x3c));
    assert!(m.post.val(), "a store leaves E at once");
    present(
        &mut m,
        E {
            last: true,
            ..e(ST, 1, 0x123)
        },
    );
    assert!(
        m.request.sync.val() && !m.post.val(),
        "the task's last store is not posted"
    );
    present(&mut m, e(LD, 0, 0x456));
    assert!(m.request.req.val() && !m.request.write.val() && !m.post.val());
    // A load leaves E the cycle after its grant, with its byte.
    grant(&mut m);
    m.request.rdata.next = 0x77.into();
    settle(&mut m).unwrap();
    assert!(m.granted.val() && !m.request.req.val(), "its byte is here");
    assert_eq!(m.load_data.val().index(), 0x77);
    // A posted store's grant is not E's.
    present(&mut m, e(LD, 0, 0x456));
    m.port.busy.next = true;
    m.request.gnt.next = true;
    settle(&mut m).unwrap();
    assert!(m.port_wait.val(), "E waits for the posted store");
    tick(&mut m, |m| &mut m.clock).unwrap();
    settle(&mut m).unwrap();
    assert!(!m.granted.val());
}

#[test]
fn mode_bits_1x_are_illegal_and_withdrawn() {
    let mut m = connected::<MemoryAccess>();
    for (opcode, mode) in [(LD, 2), (LD, 3), (ST, 2), (ST, 3)] {
        present(&mut m, e(opcode, mode, 0x10));
        assert!(
            m.fault.val() && m.illegal.val(),
            "opcode {opcode} mode {mode}"
        );
        assert!(m.request.req.val() && !m.request.keep.val(), "withdrawn");
    }
    present(&mut m, e(LD, 1, 0x10));
    assert!(!m.fault.val());
}

#[test]
fn the_lock_follows_ld_sync_and_st_sync_and_guards_the_sequence() {
    let mut m = connected::<MemoryAccess>();
    // An st_sync without the lock.
    present(&mut m, e(ST, 1, 0x200));
    assert!(m.fault.val() && !m.illegal.val());
    // ld_sync granted: locked on 0x200.
    present(&mut m, e(LD, 1, 0x200));
    assert!(!m.fault.val() && !m.locked.val());
    complete(&mut m);
    settle(&mut m).unwrap();
    assert!(m.locked.val());
    for (what, insn) in [
        ("a load", e(LD, 0, 0x300)),
        ("an ld_sync", e(LD, 1, 0x200)),
        ("a plain store", e(ST, 0, 0x200)),
        ("ready", e(READY, 0, 0)),
        ("an st_sync elsewhere", e(ST, 1, 0x201)),
    ] {
        present(&mut m, insn);
        assert!(m.fault.val(), "{what} while locked");
    }
    // The st_sync to the locked byte gives it back.
    present(&mut m, e(ST, 1, 0x200));
    assert!(!m.fault.val());
    assert!(m.locked.val(), "held until the st_sync's grant");
    complete(&mut m);
    settle(&mut m).unwrap();
    assert!(!m.locked.val());
    // The end of the task, or a stop, drops a lock.
    for end in [
        |m: &mut MemoryAccess| m.finish.next = true,
        |m: &mut MemoryAccess| m.stop.next = true,
    ] {
        present(&mut m, e(LD, 1, 0x42));
        complete(&mut m);
        settle(&mut m).unwrap();
        assert!(m.locked.val());
        present(&mut m, e(READY, 0, 0));
        end(&mut m);
        settle(&mut m).unwrap();
        assert!(!m.locked_next.val());
        tick(&mut m, |m| &mut m.clock).unwrap();
        settle(&mut m).unwrap();
        assert!(!m.locked.val());
    }
}
