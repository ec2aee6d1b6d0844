//! The core's memory port (hdl/src/core/mem_port.rs): E's request passes through while
//! nothing is posted; a store E posts and the shared memory does not grant at once stays on
//! the port, unchanged, until its grant, whatever E presents meanwhile; a faulting store, a
//! load and a granted store are never posted; launch and halt drop a posted store; `busy_next`
//! is next cycle's `busy`. Its Verilog replays cycle for cycle inside the core's
//! (`core_verilog.rs`).

use gpu16_hdl::core::MemoryPort;
use gpu16_hdl::sim::{connected, settle, tick};
use gpu16_testbenches::rng::Rng;

/// A request as the port presents it: address, store?, `_sync`?, store data.
type Request = (u64, bool, bool, u64);

/// What E presents in one cycle.
#[derive(Clone, Copy)]
struct Inputs {
    req: bool,
    keep: bool,
    post: bool,
    request: Request,
    grant: bool,
    drop: bool,
}

fn present(p: &mut MemoryPort, i: &Inputs) {
    let (addr, write, sync, wdata) = i.request;
    p.e.req.next = i.req;
    p.e.keep.next = i.keep;
    p.e_post.next = i.post;
    p.e.addr.next = addr.into();
    p.e.write.next = write;
    p.e.sync.next = sync;
    p.e.wdata.next = wdata.into();
    p.mem.gnt.next = i.grant;
    p.drop.next = i.drop;
    settle(p).unwrap();
}

fn output(p: &MemoryPort) -> (bool, bool, Request) {
    (
        p.mem.req.val(),
        p.mem.keep.val(),
        (
            p.mem.addr.val().to_u64(),
            p.mem.write.val(),
            p.mem.sync.val(),
            p.mem.wdata.val().to_u64(),
        ),
    )
}

fn random_inputs(rng: &mut Rng) -> Inputs {
    // E may ask while the port is busy: the port presents the posted store then.
    let req = rng.below(3) > 0;
    let write = rng.below(2) == 1;
    Inputs {
        req,
        keep: req && rng.below(6) > 0,
        post: req && write && rng.below(4) > 0,
        request: (rng.below(4096), write, rng.below(2) == 1, rng.below(256)),
        grant: rng.below(3) == 0,
        drop: rng.below(40) == 0,
    }
}

#[test]
fn a_posted_store_stays_on_the_port_until_its_grant() {
    let mut p = connected::<MemoryPort>();
    let mut rng = Rng::new(7);
    // The reference: the store the port holds, if any.
    let mut posted: Option<Request> = None;
    let (mut posts, mut waits) = (0, 0);
    for cycle in 0..20_000 {
        let i = random_inputs(&mut rng);
        present(&mut p, &i);
        assert_eq!(p.busy.val(), posted.is_some(), "cycle {cycle}: busy");
        let expected = match posted {
            Some(r) => (true, true, r),
            None => (i.req, i.keep, i.request),
        };
        let (req, keep, request) = output(&p);
        assert_eq!(
            (req, keep),
            (expected.0, expected.1),
            "cycle {cycle}: req, keep"
        );
        if req {
            assert_eq!(request, expected.2, "cycle {cycle}: the request");
        }
        posted = if i.drop {
            None
        } else if posted.is_some() {
            waits += 1;
            posted.filter(|_| !i.grant)
        } else if i.keep && i.post && !i.grant {
            posts += 1;
            Some(i.request)
        } else {
            None
        };
        // The core foresees the end of its task from `busy_next`.
        assert_eq!(
            p.busy_next.val(),
            posted.is_some(),
            "cycle {cycle}: busy_next"
        );
        tick(&mut p, |p| &mut p.clock).unwrap();
    }
    assert!(
        posts > 1000 && waits > 1000,
        "posted {posts}, waited {waits}"
    );
}
