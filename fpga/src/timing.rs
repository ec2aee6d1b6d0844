//! Where the clock period goes: a static timing analysis of a routed design from the SDF file
//! nextpnr writes (every cell's delays and every wire's), so that a report names each stage
//! whose paths are longer than the target period, not only the one worst path nextpnr prints.
//!
//! Paths start at a clocked output (a flip-flop's `Q`, a block RAM's data) and end at an input
//! with a setup check; each endpoint's worst arrival (with its setup time) is found, and the
//! endpoints are grouped by the design blocks their worst path starts and ends in, with the
//! indices of arrays (`cores$3`, `q_4`) folded, so that the sixteen cores' copies of one path
//! are one line.

use std::collections::HashMap;

/// Endpoints of one stage: paths from `from` to `to` longer than the period.
#[derive(Clone, Debug, PartialEq)]
pub struct Stage {
    pub from: String,
    pub to: String,
    /// Endpoints whose worst path belongs here, and the longest of those paths (ns).
    pub endpoints: usize,
    pub worst_ns: f64,
}

impl std::fmt::Display for Stage {
    /// `worst ns, endpoints, from -> to`: a line of the report.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:5.1} ns {:6}  {} -> {}",
            self.worst_ns, self.endpoints, self.from, self.to
        )
    }
}

/// The analysis: the period, how many endpoints were timed, and the stages over the period,
/// worst first.
#[derive(Clone, Debug, PartialEq)]
pub struct Timing {
    pub period_ns: f64,
    pub endpoints: usize,
    pub over: Vec<Stage>,
}

/// The SDF could not be read.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("the SDF file is malformed: {0}")]
pub struct SdfError(String);

/// Cell ports that launch paths (clock inputs; a clock buffer's input, `CLKI`, is not one:
/// the clock tree is not a data path).
const CLOCKS: [&str; 6] = ["CLK", "CLKA", "CLKB", "WCK", "RCLK", "WCLK"];

/// The paths of `sdf` longer than `period_ns`, by stage.
pub fn analyse(sdf: &str, period_ns: f64) -> Result<Timing, SdfError> {
    let graph = Graph::read(sdf)?;
    let (arrival, from) = graph.arrivals();
    let mut stages: HashMap<(String, String), Stage> = HashMap::new();
    let mut endpoints = 0;
    for (pin, setup) in &graph.setup {
        let Some(&at) = arrival.get(pin) else {
            continue;
        };
        endpoints += 1;
        let total = at + setup;
        if total <= period_ns {
            continue;
        }
        let start = start_of(pin, &from);
        let key = (block_of(&start), block_of(pin));
        let stage = stages.entry(key.clone()).or_insert_with(|| Stage {
            from: key.0,
            to: key.1,
            endpoints: 0,
            worst_ns: 0.0,
        });
        stage.endpoints += 1;
        stage.worst_ns = stage.worst_ns.max(total);
    }
    let mut over: Vec<Stage> = stages.into_values().collect();
    over.sort_by(|a, b| {
        b.worst_ns
            .total_cmp(&a.worst_ns)
            .then_with(|| (&a.from, &a.to).cmp(&(&b.from, &b.to)))
    });
    Ok(Timing {
        period_ns,
        endpoints,
        over,
    })
}

/// The timing graph: pins (`cell/PORT`), the delays between them, the clocked outputs with
/// their clock-to-output delays and the inputs with their setup times (ns).
#[derive(Default)]
struct Graph {
    edges: HashMap<String, Vec<(String, f64)>>,
    launch: HashMap<String, f64>,
    setup: HashMap<String, f64>,
}

impl Graph {
    fn read(sdf: &str) -> Result<Graph, SdfError> {
        let tree = parse(sdf)?;
        let items = tree.list().ok_or_else(|| SdfError("no DELAYFILE".into()))?;
        let mut graph = Graph::default();
        let mut ns = 1e-3;
        for item in items {
            match item.head() {
                Some("TIMESCALE") => ns = timescale(item)?,
                Some("CELL") => graph.cell(item, ns),
                _ => {}
            }
        }
        Ok(graph)
    }

    /// One `(CELL (CELLTYPE …) (INSTANCE …) (DELAY …) (TIMINGCHECK …))`.
    fn cell(&mut self, cell: &Sexp, ns: f64) {
        let fields = cell.list().unwrap_or(&[]);
        let inst = fields
            .iter()
            .find(|f| f.head() == Some("INSTANCE"))
            .and_then(|f| f.arg(1))
            .unwrap_or_default();
        let pin = |p: &str| format!("{inst}/{p}");
        for f in fields {
            match f.head() {
                Some("DELAY") => {
                    for entry in f.list().unwrap_or(&[]).iter().flat_map(Sexp::items) {
                        let (Some(a), Some(b)) = (entry.port(1), entry.port(2)) else {
                            continue;
                        };
                        let delay = entry.worst(3, usize::MAX) * ns;
                        match entry.head() {
                            Some("IOPATH") if CLOCKS.contains(&a.as_str()) => {
                                let at = self.launch.entry(pin(&b)).or_default();
                                *at = at.max(delay);
                            }
                            Some("IOPATH") => self
                                .edges
                                .entry(pin(&a))
                                .or_default()
                                .push((pin(&b), delay)),
                            Some("INTERCONNECT") => {
                                self.edges.entry(a).or_default().push((b, delay))
                            }
                            _ => {}
                        }
                    }
                }
                Some("TIMINGCHECK") => {
                    for check in f.items() {
                        if matches!(check.head(), Some("SETUP" | "SETUPHOLD")) {
                            if let Some(p) = check.port(1) {
                                let s = self.setup.entry(pin(&p)).or_default();
                                *s = s.max(check.worst(3, 4) * ns);
                            }
                        }
                    }
                }
                _ => {}
            }
        }
    }

    /// Each pin's latest arrival from a clocked output, and the pin it came through.
    fn arrivals(&self) -> (HashMap<String, f64>, HashMap<String, String>) {
        let mut indegree: HashMap<&str, usize> = HashMap::new();
        for outs in self.edges.values() {
            for (b, _) in outs {
                *indegree.entry(b).or_default() += 1;
            }
        }
        let mut ready: Vec<&str> = self
            .edges
            .keys()
            .map(String::as_str)
            .filter(|a| !indegree.contains_key(a))
            .collect();
        let mut arrival: HashMap<String, f64> = self.launch.clone();
        let mut from: HashMap<String, String> = HashMap::new();
        while let Some(a) = ready.pop() {
            let at = arrival.get(a).copied();
            for (b, delay) in self.edges.get(a).map_or(&[][..], Vec::as_slice) {
                if let Some(at) = at {
                    if arrival.get(b).is_none_or(|&t| at + delay > t) {
                        arrival.insert(b.clone(), at + delay);
                        from.insert(b.clone(), a.to_string());
                    }
                }
                let left = indegree.get_mut(b.as_str()).expect("counted");
                *left -= 1;
                if *left == 0 {
                    ready.push(b);
                }
            }
        }
        (arrival, from)
    }
}

/// Where the worst path into `pin` starts.
fn start_of(pin: &str, from: &HashMap<String, String>) -> String {
    let mut at = pin;
    while let Some(prev) = from.get(at) {
        at = prev;
    }
    at.to_string()
}

/// The design block a pin's cell was made for, array indices folded: nextpnr's
/// `block.cores$3.e_a.q_TRELLIS_FF_Q_4/DI` → `cores[#].e_a`.
fn block_of(pin: &str) -> String {
    let cell = pin.rsplit_once('/').map_or(pin, |(c, _)| c);
    let cell = cell.strip_prefix("block.").unwrap_or(cell);
    let cut = [
        "_TRELLIS", "_DP16KD", "_MULT18", "_LUT4", "_CCU2", "_PFUMX", "_L6MUX", "_DPR", "_DO",
        "_SB", "$CCU2", "$DPRAM", "$RAMW",
    ]
    .iter()
    .filter_map(|m| cell.find(m))
    .min()
    .unwrap_or(cell.len());
    let mut name = String::new();
    let mut chars = cell[..cut].chars().peekable();
    while let Some(c) = chars.next() {
        if c == '$' && chars.peek().is_some_and(char::is_ascii_digit) {
            while chars.peek().is_some_and(char::is_ascii_digit) {
                chars.next();
            }
            name.push_str("[#]");
        } else if c.is_ascii_digit() {
            while chars.peek().is_some_and(char::is_ascii_digit) {
                chars.next();
            }
            name.push('#');
        } else {
            name.push(c);
        }
    }
    name.strip_suffix(".q").unwrap_or(&name).to_string()
}

/// The unit of `(TIMESCALE 1ps)`, in ns.
fn timescale(item: &Sexp) -> Result<f64, SdfError> {
    let text = item.arg(1).unwrap_or_default();
    let digits: String = text.chars().take_while(|c| c.is_ascii_digit()).collect();
    let n: f64 = digits.parse().map_err(|_| SdfError(text.clone()))?;
    match &text[digits.len()..] {
        "ps" => Ok(n * 1e-3),
        "ns" => Ok(n),
        other => Err(SdfError(format!("timescale unit {other}"))),
    }
}

/// An SDF expression: a word or a parenthesised list.
#[derive(Debug)]
enum Sexp {
    Word(String),
    List(Vec<Sexp>),
}

impl Sexp {
    fn list(&self) -> Option<&[Sexp]> {
        match self {
            Sexp::List(l) => Some(l),
            Sexp::Word(_) => None,
        }
    }

    /// The list's items after its head.
    fn items(&self) -> impl Iterator<Item = &Sexp> {
        self.list().unwrap_or(&[]).iter().skip(1)
    }

    fn head(&self) -> Option<&str> {
        match self.list()?.first()? {
            Sexp::Word(w) => Some(w),
            Sexp::List(_) => None,
        }
    }

    /// Item `k` as a word, escapes removed.
    fn arg(&self, k: usize) -> Option<String> {
        match self.list()?.get(k)? {
            Sexp::Word(w) => Some(unescape(w)),
            Sexp::List(_) => None,
        }
    }

    /// Item `k` as a port: a word, or the port of `(posedge PORT)`.
    fn port(&self, k: usize) -> Option<String> {
        match self.list()?.get(k)? {
            Sexp::Word(w) => Some(unescape(w)),
            edge @ Sexp::List(_) => edge.arg(1),
        }
    }

    /// The largest number in the value triples `(min:typ:max)` of items `k..end`.
    fn worst(&self, k: usize, end: usize) -> f64 {
        self.list()
            .unwrap_or(&[])
            .iter()
            .take(end)
            .skip(k)
            .filter_map(|v| v.arg(0))
            .flat_map(|t| {
                t.split(':')
                    .filter_map(|x| x.parse::<f64>().ok())
                    .collect::<Vec<_>>()
            })
            .fold(0.0, f64::max)
    }
}

fn unescape(w: &str) -> String {
    let mut out = String::with_capacity(w.len());
    let mut chars = w.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            out.extend(chars.next());
        } else {
            out.push(c);
        }
    }
    out
}

/// Parses the whole file into its outer list.
fn parse(text: &str) -> Result<Sexp, SdfError> {
    let mut stack: Vec<Vec<Sexp>> = vec![Vec::new()];
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'(' => {
                stack.push(Vec::new());
                i += 1;
            }
            b')' => {
                let done = stack.pop().filter(|_| !stack.is_empty());
                let done = done.ok_or_else(|| SdfError(format!("an unopened ')' at {i}")))?;
                stack
                    .last_mut()
                    .expect("the outer list")
                    .push(Sexp::List(done));
                i += 1;
            }
            b' ' | b'\t' | b'\r' | b'\n' => i += 1,
            b'"' => {
                let end = text[i + 1..]
                    .find('"')
                    .ok_or_else(|| SdfError(format!("an unclosed string at {i}")))?;
                let word = &text[i..i + end + 2];
                stack
                    .last_mut()
                    .expect("a list")
                    .push(Sexp::Word(word.into()));
                i += end + 2;
            }
            _ => {
                let start = i;
                while i < bytes.len() && !b" \t\r\n()".contains(&bytes[i]) {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                let word = &text[start..i.min(bytes.len())];
                stack
                    .last_mut()
                    .expect("a list")
                    .push(Sexp::Word(word.into()));
            }
        }
    }
    let mut top = stack.pop().filter(|_| stack.is_empty());
    let top = top
        .as_mut()
        .ok_or_else(|| SdfError("an unclosed '('".into()))?;
    match top.pop() {
        Some(delayfile @ Sexp::List(_)) if top.is_empty() => Ok(delayfile),
        _ => Err(SdfError("not one DELAYFILE".into())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two flip-flops of core 3 and one of core 12, a LUT between: `e_a` → LUT → `e_b`.
    const SDF: &str = r#"(DELAYFILE
  (SDFVERSION "3.0")
  (TIMESCALE 1ps)
  (CELL (CELLTYPE "top") (INSTANCE )
    (DELAY (ABSOLUTE
      (INTERCONNECT block.cores\$3.e_a.q_TRELLIS_FF_Q_4/Q block.cores\$3.f_a_LUT4_Z/A (1000:1200:1500) (1000:1200:1500))
      (INTERCONNECT block.cores\$3.f_a_LUT4_Z/F block.cores\$3.e_b.q_TRELLIS_FF_Q/DI (2000:2500:3000) (2000:2500:3000))
      (INTERCONNECT block.cores\$12.e_a.q_TRELLIS_FF_Q/Q block.cores\$12.e_b.q_TRELLIS_FF_Q_7/DI (100:100:100) (100:100:100))
    )))
  (CELL (CELLTYPE "TRELLIS_FF") (INSTANCE block.cores\$3.e_a.q_TRELLIS_FF_Q_4)
    (DELAY (ABSOLUTE (IOPATH CLK Q (500:500:500) (500:500:500)))))
  (CELL (CELLTYPE "TRELLIS_COMB") (INSTANCE block.cores\$3.f_a_LUT4_Z)
    (DELAY (ABSOLUTE (IOPATH A F (240:240:240) (240:240:240)))))
  (CELL (CELLTYPE "TRELLIS_FF") (INSTANCE block.cores\$3.e_b.q_TRELLIS_FF_Q)
    (TIMINGCHECK (SETUPHOLD (posedge DI) (posedge CLK) (260:260:260) (0:0:0))))
  (CELL (CELLTYPE "TRELLIS_FF") (INSTANCE block.cores\$12.e_a.q_TRELLIS_FF_Q)
    (DELAY (ABSOLUTE (IOPATH CLK Q (500:500:500) (500:500:500)))))
  (CELL (CELLTYPE "TRELLIS_FF") (INSTANCE block.cores\$12.e_b.q_TRELLIS_FF_Q_7)
    (TIMINGCHECK (SETUPHOLD (posedge DI) (posedge CLK) (260:260:260) (0:0:0))))
)"#;

    #[test]
    fn a_path_is_its_cells_and_wires_with_the_setup_at_the_end() {
        // 0.5 (clock to Q) + 1.5 + 0.24 + 3.0 + 0.26 (setup) = 5.5 ns; the other, 0.86 ns.
        let t = analyse(SDF, 5.0).unwrap();
        assert_eq!(t.endpoints, 2);
        assert_eq!(t.over.len(), 1);
        let s = &t.over[0];
        assert_eq!(
            (s.from.as_str(), s.to.as_str()),
            ("cores[#].e_a", "cores[#].e_b")
        );
        assert_eq!(s.endpoints, 1);
        assert!((s.worst_ns - 5.5).abs() < 1e-9, "{}", s.worst_ns);
        // Both cores' paths are one stage once the period is short enough for both.
        let t = analyse(SDF, 0.5).unwrap();
        assert_eq!(t.over.len(), 1);
        assert_eq!(t.over[0].endpoints, 2);
        assert!(analyse(SDF, 6.0).unwrap().over.is_empty());
    }

    #[test]
    fn block_names_fold_the_indices_of_arrays() {
        assert_eq!(
            block_of("block.sm.banks$9.mem.0.0/DOA1"),
            "sm.banks[#].mem.#.#"
        );
        assert_eq!(
            block_of("block.sm.arbiters$15.neg_CCU2C_S0_5$CCU2_COMB1/F"),
            "sm.arbiters[#].neg"
        );
        assert_eq!(
            block_of("block.sched.at_limit.q_TRELLIS_FF_Q/Q"),
            "sched.at_limit"
        );
    }

    #[test]
    fn a_malformed_file_is_an_error() {
        assert!(analyse("(DELAYFILE (CELL", 10.0).is_err());
        assert!(analyse("(DELAYFILE))", 10.0).is_err());
        assert!(analyse("(DELAYFILE (TIMESCALE 1fs))", 10.0).is_err());
    }
}
