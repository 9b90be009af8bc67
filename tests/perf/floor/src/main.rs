//! The bench's floor: a server that does no HTTP work at all. It answers each request with bytes
//! captured beforehand from the real server (status line, headers and compressed body, one file
//! per route), looked up by the request line's path, on the same one-thread event loop that an
//! actix worker runs (tokio, current thread). It parses nothing but the path and the blank line
//! that ends a request, so it is no server to deploy: it is the most any server could do on this
//! machine, this loopback and this load generator, the ceiling that `make bench` prints beside
//! onespace and nginx.
//!
//! Usage: `bench-floor <folder of captured answers> <port>`; the file `index` answers `/`, any
//! other file `<name>` answers `/<name>`. An unknown path closes the connection.

use std::collections::HashMap;
use std::rc::Rc;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

fn main() -> std::io::Result<()> {
    let mut args = std::env::args().skip(1);
    let (Some(folder), Some(port)) = (args.next(), args.next()) else {
        eprintln!("usage: bench-floor <folder of captured answers> <port>");
        std::process::exit(2);
    };
    let port: u16 = port.parse().map_err(std::io::Error::other)?;
    let mut answers = HashMap::new();
    for entry in std::fs::read_dir(&folder)? {
        let path = entry?.path();
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_owned();
        let route = if name == "index" {
            "/".to_owned()
        } else {
            format!("/{name}")
        };
        answers.insert(route.into_bytes(), std::fs::read(&path)?);
    }
    let answers = Rc::new(answers);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .build()?;
    let local = tokio::task::LocalSet::new();
    local.block_on(&runtime, async move {
        let listener = TcpListener::bind(("127.0.0.1", port)).await?;
        loop {
            let (stream, _) = listener.accept().await?;
            stream.set_nodelay(true)?;
            tokio::task::spawn_local(answer(stream, Rc::clone(&answers)));
        }
    })
}

/// Answers the requests of one keep-alive connection until the client closes it.
async fn answer(mut stream: TcpStream, answers: Rc<HashMap<Vec<u8>, Vec<u8>>>) {
    let mut buffer = vec![0u8; 16 * 1024];
    let mut filled = 0;
    loop {
        match stream.read(&mut buffer[filled..]).await {
            Ok(0) | Err(_) => return,
            Ok(read) => filled += read,
        }
        while let Some(end) = buffer[..filled].windows(4).position(|w| w == b"\r\n\r\n") {
            let Some(answer) = path_of(&buffer[..end]).and_then(|path| answers.get(path)) else {
                return;
            };
            if stream.write_all(answer).await.is_err() {
                return;
            }
            buffer.copy_within(end + 4..filled, 0);
            filled -= end + 4;
        }
        if filled == buffer.len() {
            return;
        }
    }
}

/// The path of a request line (`GET /about HTTP/1.1`).
fn path_of(head: &[u8]) -> Option<&[u8]> {
    let mut words = head.split(|&b| b == b' ' || b == b'\r');
    words.next()?;
    words.next()
}
