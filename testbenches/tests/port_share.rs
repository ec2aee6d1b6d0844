//! The host port shared by the bridge and the picture's copy (hdl/src/board/port_share.rs),
//! over random values on both sides: every field but shared memory's enable and address
//! passes through unchanged; the copy's read reaches the GPU only when the last run has ended
//! (`done`) and the bridge neither uses shared memory nor launches; the bridge's access always wins.
//! Its Verilog passes yosys' checks and Verilator's lint.

use gpu16_hdl::board::port_share::PortShare;
use gpu16_hdl::sim::{connected, settle};
use gpu16_testbenches::lint_block;
use gpu16_testbenches::rng::Rng;

#[test]
fn the_copy_reads_only_when_the_port_is_free_and_all_else_passes_through() {
    let mut p: PortShare = connected();
    let mut rng = Rng::new(54);
    let mut copy_reads = 0;
    for _ in 0..20_000 {
        let r = |rng: &mut Rng, bits: u32| rng.next_u64() & ((1u64 << bits) - 1);
        // The bridge's side.
        let sm_en = rng.chance(30);
        let launch = rng.chance(10);
        p.host.sm_en.next = sm_en;
        p.host.launch.next = launch;
        p.host.sm_addr.next = r(&mut rng, 12).into();
        p.host.sm_write.next = sm_en && rng.chance(50);
        p.host.sm_wdata.next = r(&mut rng, 8).into();
        p.host.tm_write.next = rng.chance(50);
        p.host.tm_line.next = r(&mut rng, 8).into();
        p.host.tm_data.next = rng.next_u64().into();
        p.host.length.next = r(&mut rng, 7).into();
        p.host.max_cycles.next = r(&mut rng, 32).into();
        p.host.dbg_core.next = r(&mut rng, 4).into();
        p.host.dbg_reg.next = r(&mut rng, 4).into();
        p.host.stat_sel.next = r(&mut rng, 7).into();
        // The GPU's side.
        let running = rng.chance(40);
        let done = rng.chance(50);
        p.gpu.running.next = running;
        p.gpu.done.next = done;
        p.gpu.cycles.next = r(&mut rng, 32).into();
        p.gpu.status_code.next = r(&mut rng, 3).into();
        p.gpu.status_frame.next = r(&mut rng, 7).into();
        p.gpu.status_core.next = r(&mut rng, 4).into();
        p.gpu.status_ip.next = r(&mut rng, 4).into();
        p.gpu.dbg_value.next = r(&mut rng, 8).into();
        p.gpu.stat_value.next = r(&mut rng, 32).into();
        p.gpu.stat_ready.next = rng.chance(50);
        // The copy.
        let copy_read = rng.chance(50);
        p.copy_read.next = copy_read;
        p.copy_row.next = r(&mut rng, 8).into();
        settle(&mut p).unwrap();

        let free = done && !sm_en && !launch;
        assert_eq!(p.copy_free.val(), free);
        let copy = copy_read && free;
        copy_reads += usize::from(copy);
        assert_eq!(p.gpu.sm_en.val(), sm_en || copy);
        if sm_en {
            assert_eq!(p.gpu.sm_addr.val(), p.host.sm_addr.val());
        } else if copy {
            assert_eq!(p.gpu.sm_addr.val().index(), p.copy_row.val().index());
            assert!(!p.gpu.sm_write.val(), "the copy's read is a read");
        }
        assert_eq!(p.gpu.sm_write.val(), p.host.sm_write.val());
        assert_eq!(p.gpu.sm_wdata.val(), p.host.sm_wdata.val());
        assert_eq!(p.gpu.tm_write.val(), p.host.tm_write.val());
        assert_eq!(p.gpu.tm_line.val(), p.host.tm_line.val());
        assert_eq!(p.gpu.tm_data.val(), p.host.tm_data.val());
        assert_eq!(p.gpu.launch.val(), launch);
        assert_eq!(p.gpu.length.val(), p.host.length.val());
        assert_eq!(p.gpu.max_cycles.val(), p.host.max_cycles.val());
        assert_eq!(p.gpu.dbg_core.val(), p.host.dbg_core.val());
        assert_eq!(p.gpu.dbg_reg.val(), p.host.dbg_reg.val());
        assert_eq!(p.gpu.stat_sel.val(), p.host.stat_sel.val());
        assert_eq!(p.host.running.val(), running);
        assert_eq!(p.host.done.val(), done);
        assert_eq!(p.host.cycles.val(), p.gpu.cycles.val());
        assert_eq!(p.host.status_code.val(), p.gpu.status_code.val());
        assert_eq!(p.host.status_frame.val(), p.gpu.status_frame.val());
        assert_eq!(p.host.status_core.val(), p.gpu.status_core.val());
        assert_eq!(p.host.status_ip.val(), p.gpu.status_ip.val());
        assert_eq!(p.host.dbg_value.val(), p.gpu.dbg_value.val());
        assert_eq!(p.host.stat_value.val(), p.gpu.stat_value.val());
        assert_eq!(p.host.stat_ready.val(), p.gpu.stat_ready.val());
    }
    assert!(copy_reads > 1000, "{copy_reads} reads by the copy");
}

#[test]
fn the_shared_port_passes_yosys_and_verilator_lint() {
    lint_block(
        env!("CARGO_TARGET_TMPDIR"),
        "port_share",
        PortShare::default(),
    );
}
