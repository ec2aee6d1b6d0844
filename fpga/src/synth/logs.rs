//! Reading the tools' reports and logs: yosys's cell counts, nextpnr's phase, Fmax and
//! critical path.

/// The number of `cell`s in yosys's `stat` report of the whole design (its last table): a
/// line `CELL N` (yosys 0.23) or `N CELL` (0.70).
pub(super) fn cell_count(stat: &str, cell: &str) -> u64 {
    stat.lines()
        .filter_map(|l| match l.split_whitespace().collect::<Vec<_>>()[..] {
            [name, n] if name == cell => n.parse::<u64>().ok(),
            [n, name] if name == cell => n.parse::<u64>().ok(),
            _ => None,
        })
        .next_back()
        .unwrap_or(0)
}

/// The slowest clock-to-clock path nextpnr reports, summarised.
#[derive(Clone, Debug, PartialEq)]
pub struct CriticalPath {
    /// Total delay: logic, routing and setup.
    pub delay_ns: f64,
    /// Logic cells (LUTs, carry cells, RAM outputs) on the path.
    pub logic_cells: usize,
    /// The design's signals the path passes, in order (nextpnr cell names cut where yosys's
    /// and nextpnr's suffixes start: `_LUT4`, `_CCU2C`, `_TRELLIS`, `_SB`, …).
    pub through: Vec<String>,
}

/// The longest register-to-register path in a nextpnr `--report` JSON (`"critical_paths":
/// [{"from": …, "to": …, "path": [{"type": "logic", "from": {"cell": …}, "delay": …}, …]}]`).
pub(super) fn critical_path_from_report(json: &str) -> Option<CriticalPath> {
    use serde_json::Value;
    fn text<'a>(x: &'a Value, key: &str) -> &'a str {
        x.get(key).and_then(Value::as_str).unwrap_or("")
    }
    fn steps(p: &Value) -> &[Value] {
        p.get("path")
            .and_then(Value::as_array)
            .map_or(&[], Vec::as_slice)
    }
    fn delay(p: &Value) -> f64 {
        steps(p)
            .iter()
            .filter_map(|x| x.get("delay")?.as_f64())
            .sum()
    }
    let v: Value = serde_json::from_str(json).ok()?;
    let worst = v
        .get("critical_paths")?
        .as_array()?
        .iter()
        .filter(|p| text(p, "from").starts_with("posedge") && text(p, "to").starts_with("posedge"))
        .max_by(|a, b| delay(a).total_cmp(&delay(b)))?;
    let mut through: Vec<String> = Vec::new();
    for x in steps(worst).iter().filter(|x| text(x, "type") != "routing") {
        let Some(cell) = x
            .get("from")
            .and_then(|f| f.get("cell"))
            .and_then(Value::as_str)
        else {
            continue;
        };
        let name = signal_of_cell(cell);
        if through.last() != Some(&name) {
            through.push(name);
        }
    }
    Some(CriticalPath {
        delay_ns: delay(worst),
        logic_cells: steps(worst)
            .iter()
            .filter(|x| text(x, "type") == "logic")
            .count(),
        through,
    })
}

/// The design signal a nextpnr cell was made for: `block.arbiters$4$grant_LUT4_Z_12` →
/// `arbiters$4$grant`, `block.e_a.q_TRELLIS_FF_Q_4` → `e_a.q`.
pub(super) fn signal_of_cell(cell: &str) -> String {
    let name = cell.strip_prefix("block.").unwrap_or(cell);
    let cut = [
        "_LUT4", "_CCU2C", "_TRELLIS", "_DPR", "_DO", "_MULT", "_DP16KD", "_SB", "$CCU2", "$DPRAM",
    ]
    .iter()
    .filter_map(|m| name.find(m))
    .min()
    .unwrap_or(name.len());
    name[..cut].to_string()
}

/// One clock's routed Fmax, and the frequency nextpnr held it to (a PLL output's own, or the
/// flow's `--freq`).
#[derive(Clone, Debug, PartialEq)]
pub struct ClockFmax {
    pub name: String,
    pub achieved_mhz: f64,
    pub constraint_mhz: f64,
}

impl ClockFmax {
    pub fn met(&self) -> bool {
        self.achieved_mhz >= self.constraint_mhz
    }
}

/// Every clock of a nextpnr `--report` JSON (`"fmax": {"clk": {"achieved": …, "constraint":
/// …}}`), in name order.
pub(super) fn clocks_from_report(json: &str) -> Vec<ClockFmax> {
    let Ok(v) = serde_json::from_str::<serde_json::Value>(json) else {
        return Vec::new();
    };
    let Some(clocks) = v.get("fmax").and_then(|f| f.as_object()) else {
        return Vec::new();
    };
    clocks
        .iter()
        .filter_map(|(name, c)| {
            Some(ClockFmax {
                name: name.clone(),
                achieved_mhz: c.get("achieved")?.as_f64()?,
                constraint_mhz: c.get("constraint")?.as_f64()?,
            })
        })
        .collect()
}

/// What nextpnr is doing, from its log so far: `packing`, `placing`, or `routing: N of M arcs
/// left` (router1's progress table).
pub(super) fn nextpnr_phase(log: &str) -> Option<String> {
    let mut phase = None;
    let mut arcs = None;
    for line in log.lines() {
        let text = line.trim_start_matches("Info:").trim();
        if text.starts_with("Packing") {
            phase = Some("packing".to_string());
        } else if text.starts_with("Creating initial analytic placement")
            || text.starts_with("Running Static placer")
        {
            phase = Some("placing".to_string());
        } else if let Some(n) = text
            .strip_prefix("Routing ")
            .and_then(|r| r.strip_suffix(" arcs."))
        {
            arcs = Some(n.to_string());
            phase = Some(format!("routing: {n} arcs"));
        } else if let (Some(total), Some(left)) = (&arcs, text.split('|').nth(3)) {
            // `IterCnt | w/ripup wo/ripup | w/r wo/r | arcs left | batch total(sec)|`
            if let Ok(left) = left.trim().parse::<u64>() {
                phase = Some(format!("routing: {left} of {total} arcs left"));
            }
        }
    }
    phase
}

/// The lowest frequency of nextpnr's last timing analysis in its log (`Info: Max frequency
/// for clock 'clk': 73.14 MHz (FAIL at 100.00 MHz)`, one line per clock).
pub(super) fn fmax_from_log(log: &str) -> Option<f64> {
    let mut last: Vec<f64> = Vec::new();
    let mut previous_was_fmax = false;
    for line in log.lines() {
        let mhz = line
            .split_once("Max frequency for clock")
            .and_then(|(_, rest)| rest.split_once("': ")?.1.split_once(" MHz"))
            .and_then(|(n, _)| n.trim().parse::<f64>().ok());
        match mhz {
            Some(f) if previous_was_fmax => last.push(f),
            Some(f) => last = vec![f],
            None => {}
        }
        previous_was_fmax = mhz.is_some();
    }
    last.into_iter().reduce(f64::min)
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn nextpnrs_phase_is_read_from_its_log() {
        let mut log = String::from("Info: Packing IOs..\n");
        assert_eq!(nextpnr_phase(&log).as_deref(), Some("packing"));
        log += "Info: Creating initial analytic placement for 23802 cells, random placement wirelen = 1.\n";
        assert_eq!(nextpnr_phase(&log).as_deref(), Some("placing"));
        log += "Info: Routing 85403 arcs.\n\
                Info:            |   (re-)routed arcs  |   delta    | remaining|       time spent     |\n\
                Info:    IterCnt |  w/ripup   wo/ripup |  w/r  wo/r |      arcs| batch(sec) total(sec)|\n";
        assert_eq!(nextpnr_phase(&log).as_deref(), Some("routing: 85403 arcs"));
        log += "Info:       1000 |      177        822 |  177   822 |     84720|       7.09       7.09|\n";
        assert_eq!(
            nextpnr_phase(&log).as_deref(),
            Some("routing: 84720 of 85403 arcs left")
        );
        assert_eq!(nextpnr_phase("Info: Loading chipdb\n"), None);
    }

    #[test]
    fn the_static_placer_is_read_from_the_log() {
        let log = "Info: Packing IOs..\nInfo: Running Static placer...\n";
        assert_eq!(nextpnr_phase(log).as_deref(), Some("placing"));
    }

    #[test]
    fn the_placement_estimate_is_read_from_nextpnrs_log() {
        let log = "Info: Max frequency for clock 'a': 50.00 MHz (FAIL at 100.00 MHz)\n\
                   Info: Routing..\n\
                   Info: Max frequency for clock 'a': 73.14 MHz (FAIL at 100.00 MHz)\n\
                   Info: Max frequency for clock 'b': 120.50 MHz (PASS at 100.00 MHz)\n";
        assert_eq!(fmax_from_log(log), Some(73.14));
        assert_eq!(fmax_from_log("Info: Routing..\n"), None);
    }

    #[test]
    fn cells_are_counted_in_either_yosys_stat_layout() {
        let old = "   Number of cells:  12\n     LUT4   7\n     CCU2C  2\n";
        let new = "    14206 cells\n      729   ALU\n     4603   LUT4\n       64   RAM16SDP4\n";
        assert_eq!((cell_count(old, "LUT4"), cell_count(old, "CCU2C")), (7, 2));
        assert_eq!(
            (cell_count(new, "LUT4"), cell_count(new, "ALU")),
            (4603, 729)
        );
        assert_eq!(cell_count(new, "DFF"), 0);
    }

    #[test]
    fn fmax_is_read_from_nextpnrs_report() {
        let json = r#"{"fmax": {"$glbnet$clk": {"achieved": 123.4, "constraint": 100.0},
            "pixel": {"achieved": 20.5, "constraint": 25}}, "utilization": {}}"#;
        let clocks = clocks_from_report(json);
        assert_eq!(clocks.len(), 2);
        assert_eq!(clocks[0].name, "$glbnet$clk");
        assert_eq!(
            (clocks[0].achieved_mhz, clocks[0].constraint_mhz),
            (123.4, 100.0)
        );
        assert!(clocks[0].met() && !clocks[1].met());
        assert!(clocks_from_report("{}").is_empty());
    }

    #[test]
    fn the_critical_path_is_summarised_from_nextpnrs_report() {
        let json = r#"{"critical_paths": [
            {"from": "<async>", "to": "posedge clk", "path": [
                {"type": "logic", "from": {"cell": "capture$tr_io"}, "delay": 9.0}]},
            {"from": "posedge clk", "to": "posedge clk", "path": [
                {"type": "clk-to-q", "from": {"cell": "block.e_a.q_TRELLIS_FF_Q_4"}, "delay": 0.5},
                {"type": "routing", "from": {"cell": "block.e_a.q_TRELLIS_FF_Q_4"}, "delay": 1.5},
                {"type": "logic", "from": {"cell": "block.arbiters$4$grant_LUT4_Z_12"}, "delay": 0.25},
                {"type": "logic", "from": {"cell": "block.arbiters$4$grant_LUT4_Z_15"}, "delay": 0.25},
                {"type": "logic", "from": {"cell": "block.rf.regs.1.0$DPRAM_COMB3"}, "delay": 0.5},
                {"type": "setup", "from": {"cell": "block.e_b.q_TRELLIS_FF_Q_4"}, "delay": 0.0}]}
        ]}"#;
        let p = critical_path_from_report(json).unwrap();
        assert_eq!(p.logic_cells, 3);
        assert!((p.delay_ns - 3.0).abs() < 1e-9, "{p:?}");
        assert_eq!(
            p.through,
            ["e_a.q", "arbiters$4$grant", "rf.regs.1.0", "e_b.q"]
        );
        assert_eq!(critical_path_from_report("{}"), None);
    }
}
