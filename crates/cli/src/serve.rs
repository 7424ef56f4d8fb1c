//! `trumpf serve [--port P] [--db URL]`: the browser front end and the
//! WebSocket tables (trumpf-server).

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::Duration;

use anyhow::Result;
use clap::Args;

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The port to listen on (0: any free port; the URL says which).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The store: a SQLite file (created if missing) or a postgres:// URL.
    #[arg(long, default_value = "trumpf.db")]
    db: String,
    /// The address to listen on (127.0.0.1: this machine only).
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    host: IpAddr,
    /// How long a bot's move takes at least, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    bot_pause_ms: u64,
    /// Seconds a person may be gone before a bot takes the seat.
    #[arg(long, default_value_t = 60)]
    grace_s: u64,
}

pub fn run(args: ServeArgs) -> Result<()> {
    let config = trumpf_server::Config {
        bot_pause: Duration::from_millis(args.bot_pause_ms),
        grace: Duration::from_secs(args.grace_s),
        ..trumpf_server::Config::default()
    };
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(trumpf_server::serve(SocketAddr::new(args.host, args.port), &args.db, config))
}
