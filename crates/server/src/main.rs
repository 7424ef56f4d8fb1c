//! `trumpf-server [--port P] [--db URL] [--bot-pause-ms MS] [--grace-s S]`:
//! the server alone (the `trumpf serve` command does the same); the crash
//! recovery test kills and restarts it.

use std::net::SocketAddr;
use std::time::Duration;

fn main() -> anyhow::Result<()> {
    let mut config = trumpf_server::Config::default();
    let (mut port, mut db) = (8080u16, "trumpf.db".to_owned());
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or_else(|| anyhow::anyhow!("{arg} needs a value"));
        match arg.as_str() {
            "--port" => port = value()?.parse()?,
            "--db" => db = value()?,
            "--bot-pause-ms" => config.bot_pause = Duration::from_millis(value()?.parse()?),
            "--grace-s" => config.grace = Duration::from_secs(value()?.parse()?),
            other => anyhow::bail!("unknown argument {other}"),
        }
    }
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(trumpf_server::serve(SocketAddr::from(([127, 0, 0, 1], port)), &db, config))
}
