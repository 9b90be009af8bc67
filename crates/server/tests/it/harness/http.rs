//! A minimal HTTP/1.1 client (one request per connection) so the tests talk to the real server
//! over a real socket without another HTTP stack.

use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// A response.
#[derive(Debug, Clone)]
pub struct Response {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Response {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(key, _)| key.eq_ignore_ascii_case(name))
            .map(|(_, value)| value.as_str())
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).unwrap_or(serde_json::Value::Null)
    }
}

/// Sends one request with `Connection: close` and reads the whole answer: to the end of the body
/// its length gives, or to the close.
pub async fn request(
    addr: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> std::io::Result<Response> {
    let exchange = async {
        let mut stream = TcpStream::connect(addr).await?;
        // A `Host` among `headers` replaces the address (a request for another name).
        let host = headers
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case("host"))
            .map_or(addr, |(_, value)| *value);
        let mut head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\nContent-Length: {}\r\n",
            body.len()
        );
        for (name, value) in headers
            .iter()
            .filter(|(name, _)| !name.eq_ignore_ascii_case("host"))
        {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        head.push_str("\r\n");
        stream.write_all(head.as_bytes()).await?;
        stream.write_all(body).await?;
        let mut raw = Vec::new();
        let mut chunk = [0; 16 * 1024];
        // The answer's whole length once its head has arrived, if the head gives it.
        let mut whole: Option<Option<usize>> = None;
        loop {
            let read = stream.read(&mut chunk).await?;
            if read == 0 {
                break;
            }
            raw.extend_from_slice(&chunk[..read]);
            if whole.is_none() {
                whole = head_end(&raw).map(|end| answer_length(method, &raw[..end]));
            }
            if let Some(Some(length)) = whole {
                if raw.len() >= length {
                    break;
                }
            }
        }
        parse(&raw)
    };
    tokio::time::timeout(Duration::from_secs(60), exchange)
        .await
        .unwrap_or_else(|_| Err(std::io::Error::other("timed out")))
}

/// Where the head of `raw` ends (after its blank line), once it has arrived.
fn head_end(raw: &[u8]) -> Option<usize> {
    raw.windows(4)
        .position(|window| window == b"\r\n\r\n")
        .map(|split| split + 4)
}

/// The whole answer's length in bytes, from its `head`: the head and the body its
/// `Content-Length` gives (none for `HEAD`, 204 and 304); `None` for an answer that runs to the
/// close. Reading on to the close would wait out the server's disconnect timeout (a second)
/// whenever it answered without reading the request's body.
fn answer_length(method: &str, head: &[u8]) -> Option<usize> {
    let parsed = parse(head).ok()?;
    if method == "HEAD" || matches!(parsed.status, 204 | 304) {
        return Some(head.len());
    }
    if parsed.header("transfer-encoding").is_some() {
        return None;
    }
    let body: usize = parsed.header("content-length")?.parse().ok()?;
    Some(head.len() + body)
}

/// Reads a raw HTTP/1.1 answer (head and body, as the server closed the connection).
pub fn parse(raw: &[u8]) -> std::io::Result<Response> {
    let end = head_end(raw).ok_or_else(|| std::io::Error::other("no header end"))?;
    let head = String::from_utf8_lossy(&raw[..end - 4]).into_owned();
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .and_then(|line| line.split(' ').nth(1))
        .and_then(|code| code.parse().ok())
        .ok_or_else(|| std::io::Error::other("no status"))?;
    let headers = lines
        .filter_map(|line| {
            let (name, value) = line.split_once(':')?;
            Some((name.trim().to_owned(), value.trim().to_owned()))
        })
        .collect();
    Ok(Response {
        status,
        headers,
        body: raw[end..].to_vec(),
    })
}
