//! The `onespace` command: `serve` the site, or `render` it as static files.

use std::path::PathBuf;

use actix_web::{web, HttpServer};
use anyhow::Context;
use clap::{Parser, Subcommand};
use onespace_server::config::{Config, ServeArgs};
use onespace_server::{build_app, static_render, Site};

#[derive(Debug, Parser)]
#[command(name = "onespace", version, about = "The One Space website")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Serve the website.
    Serve(ServeArgs),
    /// Print the route table as JSON (path, title, header mode, sitemap flag), for tooling and
    /// the end-to-end tests.
    Routes,
    /// Write every page and asset as static files.
    Render {
        /// Output folder.
        #[arg(long)]
        out: PathBuf,
        /// Public origin used in canonical links.
        #[arg(long, env = "ONESPACE_PUBLIC_URL", default_value = onespace_server::config::DEFAULT_PUBLIC_URL)]
        public_url: String,
    },
}

fn main() -> anyhow::Result<()> {
    let _log_writer = init_logging();
    match Cli::parse().command {
        Command::Serve(args) => {
            let config = args.validate()?;
            if args.stop_when_stdin_closes {
                stop_when_stdin_closes();
            }
            serve(config)
        }
        Command::Routes => {
            println!("{}", onespace_server::routes::table_json());
            Ok(())
        }
        Command::Render { out, public_url } => {
            let args = ServeArgs {
                addr: "127.0.0.1:0".to_owned(),
                data_dir: PathBuf::from("."),
                public_url,
                stop_when_stdin_closes: false,
            };
            let site = Site::build(&args.validate()?)?;
            let count = static_render::write_site(&site, &out)
                .with_context(|| format!("writing the site to {}", out.display()))?;
            println!("wrote {count} files to {}", out.display());
            Ok(())
        }
    }
}

#[actix_web::main]
async fn serve(config: Config) -> anyhow::Result<()> {
    let site = web::Data::new(Site::build(&config)?);
    std::fs::create_dir_all(&config.data_dir).with_context(|| {
        format!(
            "ONESPACE_DATA_DIR (--data): cannot create {}",
            config.data_dir.display()
        )
    })?;
    let server = HttpServer::new(move || build_app(site.clone()))
        .bind(config.addr)
        .with_context(|| format!("ONESPACE_ADDR (--addr): cannot listen on {}", config.addr))?;
    for addr in server.addrs() {
        tracing::info!(%addr, "serving http://{addr}");
    }
    server.run().await?;
    Ok(())
}

/// Structured logs: `ONESPACE_LOG_FORMAT=json` for JSON lines, otherwise human-readable;
/// `RUST_LOG` filters (default `info`). Lines are written to stderr by a background thread, so
/// a request never waits on the log's write; the returned guard flushes it at exit.
fn init_logging() -> tracing_appender::non_blocking::WorkerGuard {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let (writer, guard) = tracing_appender::non_blocking(std::io::stderr());
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(writer);
    if std::env::var("ONESPACE_LOG_FORMAT").as_deref() == Ok("json") {
        builder.json().init();
    } else {
        builder.init();
    }
    guard
}

/// Exits when standard input reaches end of file (the parent process has gone).
fn stop_when_stdin_closes() {
    std::thread::spawn(|| {
        let mut sink = Vec::new();
        let _ = std::io::Read::read_to_end(&mut std::io::stdin(), &mut sink);
        tracing::info!("standard input closed: stopping");
        std::process::exit(0);
    });
}
