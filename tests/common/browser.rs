//! A headless Chromium driven through chromedriver (Debian's `chromium` and `chromium-driver`)
//! over the W3C WebDriver protocol: a few commands over HTTP/1.1 to localhost, with no crate
//! beyond serde_json.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// WebDriver's key codes.
pub const ARROW_LEFT: &str = "\u{E012}";
pub const ARROW_RIGHT: &str = "\u{E014}";
pub const SHIFT: &str = "\u{E008}";
pub const END: &str = "\u{E010}";

/// A browser session; the browser and its driver stop when it is dropped.
pub struct Browser {
    driver: Child,
    port: u16,
    session: String,
    _profile: std::path::PathBuf,
}

impl Browser {
    /// Starts chromedriver and a headless Chromium with a fresh profile under `scratch`, and
    /// no network (the flags the page must work without).
    pub fn start(scratch: &std::path::Path) -> Browser {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let driver = Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver runs (scripts/test.sh installs chromium-driver)");
        let profile = scratch.join("chromium-profile");
        let mut b = Browser {
            driver,
            port,
            session: String::new(),
            _profile: profile.clone(),
        };
        let deadline = Instant::now() + Duration::from_secs(30);
        while b.request("GET", "/status", None).is_err() {
            assert!(Instant::now() < deadline, "chromedriver did not start");
            std::thread::sleep(Duration::from_millis(100));
        }
        let args = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--window-size=1280,1000",
            &format!("--user-data-dir={}", profile.display()),
        ];
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": "/usr/bin/chromium", "args": args},
            "goog:loggingPrefs": {"browser": "ALL"},
        }}});
        let reply = b
            .request("POST", "/session", Some(caps))
            .expect("a browser session");
        b.session = reply["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no session: {reply}"))
            .to_string();
        b
    }

    /// Opens `url`.
    pub fn open(&mut self, url: &str) {
        self.command("POST", "url", json!({ "url": url }));
    }

    /// Makes the window `width` × `height` pixels.
    pub fn resize(&mut self, width: u32, height: u32) {
        self.command(
            "POST",
            "window/rect",
            json!({"width": width, "height": height}),
        );
    }

    /// Runs `script` (a function body) in the page and returns what it returns.
    pub fn eval(&mut self, script: &str) -> Value {
        self.command(
            "POST",
            "execute/sync",
            json!({"script": script, "args": []}),
        )
    }

    /// Presses and releases `key`, with Shift held if `shift`.
    pub fn press(&mut self, key: &str, shift: bool) {
        let mut keys = vec![];
        if shift {
            keys.push(json!({"type": "keyDown", "value": SHIFT}));
        }
        keys.push(json!({"type": "keyDown", "value": key}));
        keys.push(json!({"type": "keyUp", "value": key}));
        if shift {
            keys.push(json!({"type": "keyUp", "value": SHIFT}));
        }
        self.command(
            "POST",
            "actions",
            json!({"actions": [{"type": "key", "id": "keyboard", "actions": keys}]}),
        );
    }

    /// The page's console messages and uncaught errors of level SEVERE since the last call.
    /// A reply that is not the log's list of entries fails the test: it would read as "no
    /// errors".
    pub fn errors(&mut self) -> Vec<String> {
        let log = self.command("POST", "se/log", json!({"type": "browser"}));
        let entries = log
            .as_array()
            .unwrap_or_else(|| panic!("the browser's log is not a list: {log}"));
        entries
            .iter()
            .filter(|e| e["level"] == "SEVERE")
            .map(|e| e["message"].to_string())
            .collect()
    }

    /// A PNG of the window.
    pub fn screenshot(&mut self) -> Vec<u8> {
        let b64 = self.command("GET", "screenshot", Value::Null);
        decode_base64(b64.as_str().expect("a screenshot"))
    }

    fn command(&mut self, method: &str, what: &str, body: Value) -> Value {
        let path = format!("/session/{}/{what}", self.session);
        let body = (method == "POST").then_some(body);
        self.request(method, &path, body)
            .unwrap_or_else(|e| panic!("WebDriver {what}: {e}"))
    }

    /// One WebDriver request; its reply's `value`.
    fn request(&self, method: &str, path: &str, body: Option<Value>) -> Result<Value, String> {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).map_err(|e| e.to_string())?;
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .map_err(|e| e.to_string())?;
        let body = body.map(|b| b.to_string()).unwrap_or_default();
        write!(
            stream,
            "{method} {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )
        .map_err(|e| e.to_string())?;
        let mut reader = BufReader::new(stream);
        let mut status = String::new();
        reader.read_line(&mut status).map_err(|e| e.to_string())?;
        let mut length = None;
        loop {
            let mut line = String::new();
            reader.read_line(&mut line).map_err(|e| e.to_string())?;
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some((k, v)) = line.split_once(':') {
                if k.eq_ignore_ascii_case("content-length") {
                    length = v.trim().parse::<usize>().ok();
                }
            }
        }
        let mut text = Vec::new();
        match length {
            Some(n) => {
                text.resize(n, 0);
                reader.read_exact(&mut text).map_err(|e| e.to_string())?;
            }
            None => {
                reader.read_to_end(&mut text).map_err(|e| e.to_string())?;
            }
        }
        let reply: Value = serde_json::from_slice(&text).map_err(|e| e.to_string())?;
        if !status.contains(" 200 ") {
            return Err(format!("{}: {reply}", status.trim()));
        }
        Ok(reply["value"].clone())
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let path = format!("/session/{}", self.session);
            let _ = self.request("DELETE", &path, None);
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

/// Standard base64 (the screenshot's encoding).
fn decode_base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => panic!("not base64: {c}"),
    };
    let digits: Vec<u8> = text.bytes().filter(|&c| c != b'=').map(value).collect();
    digits
        .chunks(4)
        .flat_map(|q| {
            let n = q.iter().fold(0u32, |n, &d| (n << 6) | u32::from(d)) << (6 * (4 - q.len()));
            let bytes = n.to_be_bytes();
            bytes[1..q.len()].to_vec()
        })
        .collect()
}
