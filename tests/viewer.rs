//! `gpu16 run --view`: the page, opened in a real browser (headless Chromium, no network),
//! shows what the rtl engine's other outputs say about the same run: the cycle each task
//! starts and each core's READY (`--timeline`), the final memory (`--dump-sm`), the error's
//! core and IP (the status line), who holds the lock and who waits for it; stepping back
//! restores what was shown; a link with the cycle opens at that cycle. A program given as
//! assembly is listed as written, and the error key lands on the fault's cycle and line. No
//! panel spills at 1024, 1280 or 1600 px, and the overview's cursor stays in view. The
//! screenshots the tutorial shows are taken here (`target/tmp/viewer-*/*.png`).

#[path = "common/browser.rs"]
mod browser;
mod common;

use browser::{Browser, ARROW_LEFT, ARROW_RIGHT, END};
use gpu16_sim::run::{timeline_from_json, Event, EventKind};
use std::path::{Path, PathBuf};
use std::process::Command;

/// A run and its page.
struct Viewed {
    page: PathBuf,
    timeline: Vec<Event>,
    /// `--dump-sm`'s bytes.
    sm: Vec<u8>,
    status: String,
}

fn view(dir: &Path, program: &Path) -> Viewed {
    view_with(dir, program, &[])
}

/// [`view`] with more arguments for `gpu16 run`.
fn view_with(dir: &Path, program: &Path, args: &[&str]) -> Viewed {
    let page = dir.join("view.html");
    let (timeline, sm) = (dir.join("t.json"), dir.join("sm.hex"));
    let out = Command::new(env!("CARGO_BIN_EXE_gpu16"))
        .arg("run")
        .arg(program)
        .args(["--view".as_ref(), page.as_os_str()])
        .args(["--timeline".as_ref(), timeline.as_os_str()])
        .args(["--dump-sm".as_ref(), sm.as_os_str()])
        .args(args)
        .output()
        .expect("gpu16 runs");
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        page.exists(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&page).unwrap();
    assert!(
        !text.contains("http:") && !text.contains("https:"),
        "the page names an address"
    );
    let sm = std::fs::read_to_string(&sm)
        .unwrap()
        .lines()
        .map(|l| u8::from_str_radix(l.trim(), 16).unwrap())
        .collect();
    Viewed {
        page,
        timeline: timeline_from_json(&std::fs::read_to_string(&timeline).unwrap()).unwrap(),
        sm,
        status: stdout.lines().last().unwrap_or_default().to_string(),
    }
}

fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples")
        .join(name)
}

fn url(page: &Path, cycle: u64) -> String {
    format!("file://{}#cycle={cycle}", page.display())
}

/// The cycle shown.
fn shown(b: &mut Browser) -> u64 {
    let v = b.eval("return document.getElementById('cycle-now').textContent;");
    v.as_str().unwrap().parse().unwrap()
}

/// Core `c`'s row: state, IP, the holder of the lock it waits for.
fn core(b: &mut Browser, c: usize) -> (String, String, String) {
    let v = b.eval(&format!(
        "const r = document.querySelector('tr[data-core=\"{c}\"]');
         return [r.dataset.state, r.dataset.ip, r.dataset.holder];"
    ));
    let s = |i: usize| v[i].as_str().unwrap().to_string();
    (s(0), s(1), s(2))
}

/// Everything the page shows of the machine at the cycle shown.
fn machine(b: &mut Browser) -> String {
    b.eval(
        "return ['sched', 'why', 'cores', 'banks', 'memory', 'program']
           .map(id => document.getElementById(id).innerHTML).join('\\n');",
    )
    .as_str()
    .unwrap()
    .to_string()
}

/// Each IF's cores run instruction 0 in its issue cycle and signal READY in their cycles.
fn tasks_as_the_timeline_says(b: &mut Browser, v: &Viewed) {
    for e in v.timeline.iter().filter(|e| e.kind == EventKind::If) {
        b.open(&url(&v.page, e.issue));
        assert_eq!(shown(b), e.issue);
        let cores: Vec<usize> = (0..16).filter(|c| e.mask & (1 << c) != 0).collect();
        for &c in &cores {
            let (state, ip, _) = core(b, c);
            assert!(
                state != "idle" && ip == "0",
                "frame {} issued at {}: core {c} is {state} at IP {ip}",
                e.frame,
                e.issue
            );
        }
        for (&c, &ready) in cores.iter().zip(&e.ready) {
            b.open(&url(&v.page, ready));
            assert_eq!(
                core(b, c).0,
                "ready",
                "frame {}: core {c} READY at {ready}",
                e.frame
            );
        }
    }
}

#[test]
fn atomic_counter_in_the_viewer() {
    let dir = common::scratch("viewer-atomic");
    let v = view(&dir, &example("atomic_counter.s"));
    let mut b = Browser::start(&dir);
    b.open(&url(&v.page, 0));
    assert_eq!(shown(&mut b), 0);
    tasks_as_the_timeline_says(&mut b, &v);

    // The first lock taken ('l'), and ten cycles on: one core holds bank 0's lock and runs
    // its task; every core waiting for a lock waits for it.
    b.open(&url(&v.page, 0));
    b.press("l", false);
    assert!(shown(&mut b) > 0);
    b.press(ARROW_RIGHT, true);
    let holder = b.eval("return document.querySelector('tr[data-bank=\"0\"]').dataset.lockHolder;");
    let holder: usize = holder.as_str().unwrap().parse().expect("bank 0 is locked");
    assert_ne!(core(&mut b, holder).0, "idle");
    let mut waiting = 0;
    for c in (0..16).filter(|&c| c != holder) {
        let (state, _, waits_for) = core(&mut b, c);
        if state == "wait_lock" {
            assert_eq!(
                waits_for,
                holder.to_string(),
                "core {c} waits for the holder"
            );
            waiting += 1;
        }
    }
    assert!(
        waiting > 0,
        "no core waits for the lock at cycle {}",
        shown(&mut b)
    );
    // The scheduler, the cores and the banks in view: the picture the tutorial shows.
    b.eval("window.scrollTo(0, document.getElementById('sched').offsetTop - 90); return 0;");
    let png = b.screenshot();
    assert_eq!(&png[1..4], b"PNG");
    assert!(
        png.len() > 20_000,
        "a blank screenshot ({} bytes)",
        png.len()
    );
    std::fs::write(dir.join("atomic_counter.png"), png).unwrap();

    // Stepping on and back shows the same machine; Shift steps ten cycles.
    let at = shown(&mut b);
    let before = machine(&mut b);
    b.press(ARROW_RIGHT, false);
    assert_eq!(shown(&mut b), at + 1);
    assert_ne!(
        machine(&mut b),
        before,
        "cycle {} shows what {at} showed",
        at + 1
    );
    b.press(ARROW_LEFT, false);
    assert_eq!(shown(&mut b), at);
    assert_eq!(machine(&mut b), before);
    b.press(ARROW_LEFT, true);
    assert_eq!(shown(&mut b), at - 10);
    // The address holds the cycle shown.
    let hash = b.eval("return location.hash;");
    assert_eq!(hash.as_str().unwrap(), format!("#cycle={}", at - 10));

    // A click on the overview picture goes to the cycle under the pointer.
    let clicked = b.eval(
        "const svg = document.querySelector('#overview svg');
         const r = svg.getBoundingClientRect();
         const x = D.overview.left + 500.5 * D.overview.scale;
         const clientX = r.left + x * r.width / svg.viewBox.baseVal.width;
         svg.dispatchEvent(new MouseEvent('click', {clientX, clientY: r.top + 50, bubbles: true}));
         return document.getElementById('cycle-now').textContent;",
    );
    assert_eq!(clicked.as_str(), Some("500"));

    // The last cycle's memory is the dump's.
    b.press(END, false);
    let last = shown(&mut b);
    assert_eq!(format!("status: ok cycles: {last}"), v.status);
    let cells = b.eval(
        "return [...document.querySelectorAll('td[data-addr]')]
           .map(td => [Number(td.dataset.addr), parseInt(td.textContent, 16)]);",
    );
    for cell in cells.as_array().unwrap() {
        let (addr, value) = (cell[0].as_u64().unwrap(), cell[1].as_u64().unwrap());
        assert_eq!(value, u64::from(v.sm[addr as usize]), "byte {addr:#05x}");
    }

    assert_eq!(b.errors(), Vec::<String>::new());
}

#[test]
fn spec_example2_in_the_viewer() {
    let dir = common::scratch("viewer-spec2");
    let v = view(&dir, &example("spec_example2.s"));
    let mut b = Browser::start(&dir);
    tasks_as_the_timeline_says(&mut b, &v);
    // Between the starts of frames 3 and 4, the scheduler's TP is at frame 4, which waits for
    // its cores (frame 3's).
    let issue = |f: u8| v.timeline.iter().find(|e| e.frame == f).unwrap().issue;
    b.open(&url(&v.page, (issue(3) + issue(4)) / 2));
    let why = b.eval("return document.getElementById('why').textContent;");
    assert!(
        why.as_str()
            .unwrap()
            .starts_with("frame 4 (IF) waits for its busy cores"),
        "{why}"
    );
    std::fs::write(dir.join("spec_example2.png"), b.screenshot()).unwrap();
    assert_eq!(b.errors(), Vec::<String>::new());
}

/// The picture panel's pixel (x, y) as "r,g,b".
fn picture_pixel(b: &mut Browser, x: usize, y: usize) -> String {
    let v = b.eval(&format!(
        "return Array.from(document.getElementById('picture').getContext('2d')\
         .getImageData({x}, {y}, 1, 1).data.slice(0, 3)).join(',');"
    ));
    v.as_str().unwrap().to_string()
}

/// The whole picture panel as colours, pixel (x, y) at 64·y + x.
fn picture(b: &mut Browser) -> Vec<String> {
    let v = b.eval(
        "const d = document.getElementById('picture').getContext('2d')
           .getImageData(0, 0, 64, 64).data, out = [];
         for (let i = 0; i < 4096; i++) out.push(d[4 * i] + ',' + d[4 * i + 1] + ',' + d[4 * i + 2]);
         return out;",
    );
    v.as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn the_picture_is_painted_cycle_by_cycle() {
    let dir = common::scratch("viewer-picture");
    let v = view_with(&dir, &example("gradient.s"), &["--engine", "model"]);
    let last = v.timeline.iter().map(|e| e.complete).max().unwrap();
    let colour = |pixel: u8| {
        let [r, g, b] = gpu16_sim::image::picture::rgb(pixel);
        format!("{r},{g},{b}")
    };
    let fin: Vec<String> = v.sm.iter().map(|&p| colour(p)).collect();
    let black = colour(0);
    let mut b = Browser::start(&dir);
    // Pixels the run paints (not black at its end) shown as the run leaves them, at a quarter,
    // half and all of the run: a few, more, every one; none shows another colour on the way.
    let mut painted = Vec::new();
    for cycle in [last / 4, last / 2, last] {
        b.open(&url(&v.page, cycle));
        let shown = picture(&mut b);
        let mut done = 0;
        for (a, (now, end)) in shown.iter().zip(&fin).enumerate() {
            assert!(
                now == end || *now == black,
                "cycle {cycle}: pixel {a} is {now}, neither black nor its final {end}"
            );
            done += usize::from(now == end && *end != black);
        }
        painted.push(done);
    }
    let all = fin.iter().filter(|p| **p != black).count();
    assert!(all > 3000, "gradient paints most pixels ({all})");
    assert!(
        0 < painted[0] && painted[0] < painted[1] && painted[1] < painted[2],
        "{painted:?}"
    );
    assert_eq!(painted[2], all, "every pixel at the end");
    // Each core paints its banks from the first row on: line 4i is done before line 4i + 3.
    b.open(&url(&v.page, last / 4));
    assert_eq!(
        picture_pixel(&mut b, 63, 63),
        black,
        "(63, 63) a quarter in"
    );
    assert_eq!(b.errors(), Vec::<String>::new());
}

#[test]
fn an_error_in_the_viewer_in_the_learners_source() {
    let dir = common::scratch("viewer-error");
    let program = dir.join("ill.s");
    std::fs::write(
        &program,
        ".cf mask=0x4\n.if\n        nop             ; wait a cycle\nstop:   .hword 0xb080\n",
    )
    .unwrap();
    let v = view(&dir, &program);
    assert!(v
        .status
        .starts_with("status: error ILLEGAL_INSN frame: 1 core: 2 ip: 1"));
    let mut b = Browser::start(&dir);
    b.open(&url(&v.page, 0));
    // The program as written: its label and its comment, with the frame and IP of each line.
    let listing = b.eval("return document.getElementById('program').textContent;");
    let listing = listing.as_str().unwrap();
    for text in ["stop:", "; wait a cycle", "f0", ".cf mask=0x4", "padding"] {
        assert!(
            listing.contains(text),
            "the listing has no `{text}`: {listing}"
        );
    }
    // 'e' goes to the cycle core 2 reports its fault in, with its code, and marks the line.
    b.press("e", false);
    let at = shown(&mut b);
    let (state, ip, _) = core(&mut b, 2);
    assert_eq!(
        (state.as_str(), ip.as_str()),
        ("fault", "1"),
        "at cycle {at}"
    );
    let row = b.eval("return document.querySelector('tr[data-core=\"2\"]').textContent;");
    assert!(row.as_str().unwrap().contains("ILLEGAL_INSN"), "{row}");
    let why = b.eval("return document.getElementById('why').textContent;");
    assert!(why.as_str().unwrap().contains("ILLEGAL_INSN"), "{why}");
    let marked =
        b.eval("return [...document.querySelectorAll('#program .fault')].map(l => l.textContent);");
    let marked: Vec<&str> = marked
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    assert!(
        marked.len() == 1
            && marked[0].contains("stop:")
            && marked[0].contains("core 2: ILLEGAL_INSN"),
        "{marked:?}"
    );
    // The cycle before, the core was still running.
    b.press(ARROW_LEFT, false);
    assert_ne!(core(&mut b, 2).0, "fault");
    // At every usual width, 'e' brings the faulting line into the window, below the header;
    // the core's row is marked, the overview marks the error, and nothing is left to go to.
    for width in WIDTHS {
        b.resize(width, 800);
        b.open(&url(&v.page, 0));
        b.press("e", false);
        let seen = b.eval(
            "const l = document.querySelector('#program .line.fault').getBoundingClientRect();
             const h = document.querySelector('header').getBoundingClientRect();
             return [l.top >= h.bottom && l.bottom <= window.innerHeight, l.top, l.bottom,
                     window.innerHeight,
                     getComputedStyle(document.querySelector('tr[data-core=\"2\"] td'))
                       .backgroundColor,
                     [...document.querySelectorAll('#overview .fault-mark')]
                       .map(m => m.textContent).join('|'),
                     document.getElementById('next-error').disabled];",
        );
        let seen = seen.as_array().unwrap();
        assert_eq!(seen[0], true, "{width} px: the faulting line at {seen:?}");
        assert_eq!(seen[4], "rgb(246, 202, 202)", "{width} px: the core's row");
        assert!(
            seen[5].as_str().unwrap().contains("ILLEGAL_INSN"),
            "{width} px: the overview's marks {seen:?}"
        );
        assert_eq!(seen[6], true, "{width} px: no error after this one");
    }
    assert_eq!(b.errors(), Vec::<String>::new());
}

#[test]
fn a_run_without_an_error_offers_no_error_to_go_to() {
    let dir = common::scratch("viewer-no-error");
    let v = view(&dir, &example("atomic_counter.s"));
    let mut b = Browser::start(&dir);
    b.open(&url(&v.page, 0));
    let state = b.eval(
        "return [document.getElementById('next-error').disabled,
                 document.getElementById('next-ready').disabled,
                 document.querySelectorAll('#overview .fault-mark').length];",
    );
    assert_eq!(state, serde_json::json!([true, false, 0]));
    b.press("e", false);
    assert_eq!(shown(&mut b), 0, "'e' stays where it is");
    b.press(END, false);
    let ready = b.eval("return document.getElementById('next-ready').disabled;");
    assert_eq!(ready, true, "no READY after the last cycle");
    assert_eq!(b.errors(), Vec::<String>::new());
}

/// The widths a page must fit without spilling: a small laptop's, two usual ones, a wide one's.
const WIDTHS: [u32; 4] = [1024, 1280, 1600, 1920];

/// What spills at the cycle shown: a panel whose content is wider than itself, that reaches
/// past the window, or whose box overlaps another's; and the overview's cursor outside the
/// overview.
fn spills(b: &mut Browser) -> Vec<String> {
    let found = b.eval(
        "const out = [];
         for (const s of document.querySelectorAll('section')) {
           const name = s.querySelector('h2').textContent, r = s.getBoundingClientRect();
           if (s.scrollWidth > s.clientWidth + 1)
             out.push(name + ': content ' + s.scrollWidth + ' px wide in ' + s.clientWidth);
           if (r.right > document.documentElement.clientWidth + 1)
             out.push(name + ': reaches ' + r.right + ' px in a window of ' +
                      document.documentElement.clientWidth);
         }
         const boxes = [...document.querySelectorAll('section')].map(s =>
           [s.querySelector('h2').textContent, s.getBoundingClientRect()]);
         for (let i = 0; i < boxes.length; i++)
           for (let j = i + 1; j < boxes.length; j++) {
             const [a, p] = boxes[i], [b, q] = boxes[j];
             if (p.left < q.right - 1 && q.left < p.right - 1 && p.top < q.bottom - 1 &&
                 q.top < p.bottom - 1)
               out.push(a + ' overlaps ' + b);
           }
         const cursor = document.getElementById('cursor');
         if (cursor) {
           const c = cursor.getBoundingClientRect();
           const o = document.getElementById('overview').getBoundingClientRect();
           if (c.left < o.left || c.right > o.right)
             out.push('the cursor (' + c.left + ' px) is outside the overview (' + o.left +
                      '..' + o.right + ' px)');
         }
         return out;",
    );
    found
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn nothing_spills_at_any_usual_width() {
    let dir = common::scratch("viewer-layout");
    let v = view(&dir, &example("atomic_counter.s"));
    let last = v.timeline.iter().map(|e| e.complete).max().unwrap();
    let mut b = Browser::start(&dir);
    for width in WIDTHS {
        b.resize(width, 1000);
        for cycle in [last / 2, last] {
            b.open(&url(&v.page, cycle));
            let found = spills(&mut b);
            assert!(
                found.is_empty(),
                "{width} px wide, cycle {cycle}: {found:?}"
            );
        }
        std::fs::write(
            dir.join(format!("atomic_counter_{width}.png")),
            b.screenshot(),
        )
        .unwrap();
    }
    assert_eq!(b.errors(), Vec::<String>::new());
}

/// What `--view` cannot do is said, with what to do instead.
#[test]
fn view_flags_that_cannot_work_are_clear_errors() {
    let dir = common::scratch("viewer-flags");
    let page = dir.join("v.html");
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_gpu16"))
            .arg("run")
            .arg(example("spec_example2.s"))
            .args(["--view".as_ref(), page.as_os_str()])
            .args(args)
            .output()
            .expect("gpu16 runs");
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).to_string(),
        )
    };
    let (code, err) = run(&["--engine", "board", "--port", "/dev/null"]);
    assert_eq!(code, Some(1));
    assert!(err.contains("--view shows a run cycle by cycle"), "{err}");
    let (code, err) = run(&["--view-cycles", "5000..5100"]);
    assert_eq!(code, Some(1));
    assert!(err.contains("the run ended at cycle 105"), "{err}");
    let (code, err) = run(&["--view-cycles", "10..5"]);
    assert_eq!(code, Some(1));
    assert!(err.contains("comes before"), "{err}");
    assert!(!page.exists(), "no page for a run that could not be viewed");
    // A window: the page's cycles are those asked for.
    let (code, _) = run(&["--view-cycles", "40..60", "--engine", "model"]);
    assert_eq!(code, Some(0));
    let text = std::fs::read_to_string(&page).unwrap();
    assert!(text.contains("\"first\":40"));
}

#[test]
fn the_verilator_engine_gives_the_rtl_engines_page() {
    // The path users take with --engine verilator: the waveform of the flattened netlist
    // Verilator runs (fpga/src/verilog_engine.rs), read by the same recorder. A GPU of 2
    // cores keeps its Verilator build short; atomic_counter passes locks between them.
    let dir = common::scratch("viewer-verilator");
    let program = example("atomic_counter.s");
    let on = |engine: &str| {
        std::fs::create_dir_all(dir.join(engine)).unwrap();
        let v = view_with(
            &dir.join(engine),
            &program,
            &["--cores", "2", "--engine", engine],
        );
        // Everything but the line that names the engine.
        let page = std::fs::read_to_string(&v.page).unwrap().replace(
            &format!("\"source\":\"{engine} engine"),
            "\"source\":\"ENGINE",
        );
        (v.status, v.sm, page)
    };
    let rtl = on("rtl");
    let verilator = on("verilator");
    assert_eq!(verilator.0, rtl.0, "the status line");
    assert_eq!(verilator.1, rtl.1, "the final memory");
    assert!(
        verilator
            .2
            .replace("(the emitted Verilog)", "(the rust-hdl simulation)")
            == rtl.2,
        "the two engines' pages differ"
    );
}

/// The console check the viewer tests end with can fail: an error thrown by the page is seen.
#[test]
fn the_console_check_sees_an_error_the_page_throws() {
    let dir = common::scratch("viewer-console");
    let v = view(&dir, &example("vector_add.s"));
    let mut b = Browser::start(&dir);
    b.open(&url(&v.page, 0));
    assert_eq!(b.errors(), Vec::<String>::new());
    b.eval("setTimeout(() => { throw new Error('gpu16 console check'); }, 0); return 0;");
    // The timer fires after this script returns: read the log until it shows (a 30 s bound
    // for a stalled browser, not a measure).
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    let mut errors = b.errors();
    while errors.is_empty() && std::time::Instant::now() < deadline {
        errors = b.errors();
    }
    assert!(
        errors.iter().any(|e| e.contains("gpu16 console check")),
        "{errors:?}"
    );
}
