//! Persistence through sqlx's Any driver: SQLite (a file, WAL mode) or
//! PostgreSQL, one code path: runtime `sqlx::query` with `$1..$N`
//! placeholders (in textual order, each used once, so SQLite numbers them
//! the same way) and one migrations folder.
//!
//! Events are written by one writer task that commits whatever is waiting
//! in one transaction (a group commit), so a thousand tables cost a few
//! commits a second, not a thousand; a table task awaits its write before
//! it acknowledges the action or shows it to anyone.

use std::time::{SystemTime, UNIX_EPOCH};

use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::{AnyPool, Row};
use tokio::sync::{mpsc, oneshot};

/// Why the store failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database refused or could not be reached.
    #[error("database: {0}")]
    Db(#[from] sqlx::Error),
    /// The migrations failed.
    #[error("migrations: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// The writer task is gone (the server is stopping).
    #[error("the store's writer has stopped")]
    Stopped,
}

/// One event as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventRow {
    /// Its number in the table's log.
    pub number: u64,
    /// The member whose action it is, if one.
    pub member: Option<usize>,
    /// The id the person's action carried.
    pub client_id: Option<u64>,
    /// The event's JSON.
    pub body: String,
}

/// A table as listed for restoring or for a history page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableRow {
    /// Its id.
    pub id: String,
    /// Its game's name.
    pub game: String,
    /// Seconds since 1970 when it opened.
    pub created_at: i64,
    /// Whether its match is over.
    pub finished: bool,
}

struct Batch {
    table: String,
    rows: Vec<EventRow>,
    done: oneshot::Sender<Result<(), String>>,
}

/// The store: a pool and the writer task's queue.
#[derive(Clone)]
pub struct Store {
    pool: AnyPool,
    writer: mpsc::Sender<Batch>,
    postgres: bool,
}

/// Seconds since 1970.
pub fn now() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

/// The sqlx URL for `--db`: a `postgres://` URL as it is, anything else a
/// SQLite file (created if missing).
pub fn database_url(db: &str) -> String {
    if db.starts_with("postgres://") || db.starts_with("postgresql://") || db.starts_with("sqlite:") {
        db.to_owned()
    } else {
        format!("sqlite://{db}?mode=rwc")
    }
}

impl Store {
    /// Connects to `db` (see [`database_url`]), sets SQLite to WAL mode, and
    /// runs the migrations.
    ///
    /// # Errors
    /// The database cannot be opened or migrated.
    pub async fn open(db: &str) -> Result<Store, StoreError> {
        install_default_drivers();
        let url = database_url(db);
        let postgres = url.starts_with("postgres");
        let pool = AnyPoolOptions::new()
            .max_connections(if postgres { 8 } else { 4 })
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if !postgres {
                        // WAL: readers never wait for the writer; NORMAL:
                        // a commit survives the process being killed (the
                        // WAL is in the OS's hands), fsynced at checkpoints.
                        sqlx::query("PRAGMA journal_mode = WAL").execute(&mut *conn).await?;
                        sqlx::query("PRAGMA synchronous = NORMAL").execute(&mut *conn).await?;
                        sqlx::query("PRAGMA busy_timeout = 10000").execute(&mut *conn).await?;
                    }
                    Ok(())
                })
            })
            .connect(&url)
            .await?;
        sqlx::migrate!("./migrations").run(&pool).await?;
        let (writer, queue) = mpsc::channel(4096);
        tokio::spawn(write_loop(pool.clone(), queue));
        Ok(Store { pool, writer, postgres })
    }

    /// Whether this is a PostgreSQL store.
    pub fn is_postgres(&self) -> bool {
        self.postgres
    }

    /// The pool, for tests.
    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Writes `rows` of `table`'s log; returns once they are committed.
    ///
    /// # Errors
    /// The database refused (a number taken twice: another process owns the
    /// table) or the writer stopped.
    pub async fn append(&self, table: &str, rows: Vec<EventRow>) -> Result<(), StoreError> {
        let (done, wait) = oneshot::channel();
        self.writer.send(Batch { table: table.to_owned(), rows, done }).await.map_err(|_| StoreError::Stopped)?;
        match wait.await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(message)) => Err(StoreError::Db(sqlx::Error::Protocol(message))),
            Err(_) => Err(StoreError::Stopped),
        }
    }

    /// Opens a table: its row, its seats' tokens and its first events, in
    /// one transaction.
    ///
    /// # Errors
    /// The database refused.
    pub async fn create_table(
        &self,
        id: &str,
        game: &str,
        owner: &str,
        tokens: &[String],
        rows: &[EventRow],
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO tables (id, game, created_at, finished, owner, heartbeat) VALUES ($1, $2, $3, 0, $4, $5)",
        )
        .bind(id)
        .bind(game)
        .bind(now())
        .bind(owner)
        .bind(now())
        .execute(&mut *tx)
        .await?;
        for (member, token) in tokens.iter().enumerate() {
            sqlx::query("INSERT INTO seats (table_id, member, token) VALUES ($1, $2, $3)")
                .bind(id)
                .bind(member as i64)
                .bind(token)
                .execute(&mut *tx)
                .await?;
        }
        for row in rows {
            insert_event(&mut tx, id, row).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Notes that `name` sat in `member`'s seat at `table` (for history).
    ///
    /// # Errors
    /// The database refused.
    pub async fn add_player(&self, table: &str, member: usize, name: &str) -> Result<(), StoreError> {
        let exists = sqlx::query("SELECT name FROM players WHERE table_id = $1 AND member = $2 AND name = $3")
            .bind(table)
            .bind(member as i64)
            .bind(name)
            .fetch_optional(&self.pool)
            .await?;
        if exists.is_none() {
            sqlx::query("INSERT INTO players (table_id, member, name) VALUES ($1, $2, $3)")
                .bind(table)
                .bind(member as i64)
                .bind(name)
                .execute(&self.pool)
                .await?;
        }
        Ok(())
    }

    /// Marks `table`'s match over.
    ///
    /// # Errors
    /// The database refused.
    pub async fn finish(&self, table: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE tables SET finished = 1 WHERE id = $1").bind(table).execute(&self.pool).await?;
        Ok(())
    }

    /// Stores a chat line.
    ///
    /// # Errors
    /// The database refused.
    pub async fn chat(&self, table: &str, number: u64, name: &str, body: &str) -> Result<(), StoreError> {
        sqlx::query("INSERT INTO chat (table_id, number, name, body) VALUES ($1, $2, $3, $4)")
            .bind(table)
            .bind(number as i64)
            .bind(name)
            .bind(body)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The last `limit` chat lines of `table`, oldest first.
    ///
    /// # Errors
    /// The database refused.
    pub async fn chat_lines(&self, table: &str, limit: i64) -> Result<Vec<(u64, String, String)>, StoreError> {
        let rows = sqlx::query("SELECT number, name, body FROM chat WHERE table_id = $1 ORDER BY number DESC LIMIT $2")
            .bind(table)
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
        let mut lines: Vec<(u64, String, String)> = rows
            .iter()
            .map(|r| Ok((r.try_get::<i64, _>(0)? as u64, r.try_get(1)?, r.try_get(2)?)))
            .collect::<Result<_, sqlx::Error>>()?;
        lines.reverse();
        Ok(lines)
    }

    /// Every table whose match is not over and that no other live process
    /// owns, claimed for `owner`.
    ///
    /// # Errors
    /// The database refused.
    pub async fn claim_unfinished(&self, owner: &str, stale_after: i64) -> Result<Vec<TableRow>, StoreError> {
        // A SQLite file has one process at a time: every unfinished table
        // is its own (the last owner was this file's previous process).
        let stale_after = if self.postgres { stale_after } else { -1_000_000_000 };
        let rows = sqlx::query(
            "SELECT id, game, created_at, finished FROM tables WHERE finished = 0 AND (owner IS NULL OR owner = $1 OR heartbeat < $2) ORDER BY created_at",
        )
        .bind(owner)
        .bind(now() - stale_after)
        .fetch_all(&self.pool)
        .await?;
        let mut claimed = Vec::new();
        for row in rows.iter().map(table_row) {
            let row = row?;
            // Claim it unless another process took it meanwhile.
            let done = sqlx::query(
                "UPDATE tables SET owner = $1, heartbeat = $2 WHERE id = $3 AND (owner IS NULL OR owner = $4 OR heartbeat < $5)",
            )
            .bind(owner)
            .bind(now())
            .bind(&row.id)
            .bind(owner)
            .bind(now() - stale_after)
            .execute(&self.pool)
            .await?;
            if done.rows_affected() == 1 {
                claimed.push(row);
            }
        }
        Ok(claimed)
    }

    /// Renews `owner`'s claim on its tables.
    ///
    /// # Errors
    /// The database refused.
    pub async fn heartbeat(&self, owner: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE tables SET heartbeat = $1 WHERE owner = $2 AND finished = 0")
            .bind(now())
            .bind(owner)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The log of `table`, in order.
    ///
    /// # Errors
    /// The database refused.
    pub async fn events(&self, table: &str) -> Result<Vec<EventRow>, StoreError> {
        let rows =
            sqlx::query("SELECT number, member, client_id, body FROM events WHERE table_id = $1 ORDER BY number")
                .bind(table)
                .fetch_all(&self.pool)
                .await?;
        rows.iter()
            .map(|r| {
                Ok(EventRow {
                    number: r.try_get::<i64, _>(0)? as u64,
                    member: r.try_get::<Option<i64>, _>(1)?.map(|m| m as usize),
                    client_id: r.try_get::<Option<i64>, _>(2)?.map(|c| c as u64),
                    body: r.try_get(3)?,
                })
            })
            .collect::<Result<_, sqlx::Error>>()
            .map_err(StoreError::Db)
    }

    /// The seat tokens of `table`, by member.
    ///
    /// # Errors
    /// The database refused.
    pub async fn tokens(&self, table: &str) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query("SELECT token FROM seats WHERE table_id = $1 ORDER BY member")
            .bind(table)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|r| r.try_get(0)).collect::<Result<_, sqlx::Error>>().map_err(StoreError::Db)
    }

    /// The member a token is for, and its table.
    ///
    /// # Errors
    /// The database refused.
    pub async fn seat_of_token(&self, token: &str) -> Result<Option<(String, usize)>, StoreError> {
        let row = sqlx::query("SELECT table_id, member FROM seats WHERE token = $1")
            .bind(token)
            .fetch_optional(&self.pool)
            .await?;
        Ok(match row {
            Some(r) => Some((r.try_get(0)?, r.try_get::<i64, _>(1)? as usize)),
            None => None,
        })
    }

    /// The client ids stored for `member` of `table` (the load test's check).
    ///
    /// # Errors
    /// The database refused.
    pub async fn client_ids(&self, table: &str, member: usize) -> Result<Vec<u64>, StoreError> {
        let rows = sqlx::query(
            "SELECT client_id FROM events WHERE table_id = $1 AND member = $2 AND client_id IS NOT NULL ORDER BY number",
        )
        .bind(table)
        .bind(member as i64)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| Ok(r.try_get::<i64, _>(0)? as u64))
            .collect::<Result<_, sqlx::Error>>()
            .map_err(StoreError::Db)
    }

    /// The tables `name` sat at, newest first.
    ///
    /// # Errors
    /// The database refused.
    pub async fn history(&self, name: &str) -> Result<Vec<TableRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT DISTINCT t.id, t.game, t.created_at, t.finished FROM tables t JOIN players p ON p.table_id = t.id WHERE p.name = $1 ORDER BY t.created_at DESC",
        )
        .bind(name)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(table_row).collect::<Result<_, StoreError>>()
    }

    /// One table's row.
    ///
    /// # Errors
    /// The database refused.
    pub async fn table(&self, id: &str) -> Result<Option<TableRow>, StoreError> {
        let row = sqlx::query("SELECT id, game, created_at, finished FROM tables WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(table_row).transpose()
    }
}

fn table_row(r: &sqlx::any::AnyRow) -> Result<TableRow, StoreError> {
    Ok(TableRow {
        id: r.try_get(0)?,
        game: r.try_get(1)?,
        created_at: r.try_get(2)?,
        finished: r.try_get::<i64, _>(3)? != 0,
    })
}

async fn insert_event(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    table: &str,
    row: &EventRow,
) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO events (table_id, number, member, client_id, body) VALUES ($1, $2, $3, $4, $5)")
        .bind(table)
        .bind(row.number as i64)
        .bind(row.member.map(|m| m as i64))
        .bind(row.client_id.map(|c| c as i64))
        .bind(&row.body)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// The writer: takes every batch waiting, commits them in one transaction,
/// and answers each. A failed transaction is retried batch by batch, so one
/// bad batch (a number taken twice) fails alone.
async fn write_loop(pool: AnyPool, mut queue: mpsc::Receiver<Batch>) {
    let mut waiting = Vec::new();
    while queue.recv_many(&mut waiting, 512).await > 0 {
        let batches = std::mem::take(&mut waiting);
        if commit(&pool, &batches).await.is_ok() {
            for batch in batches {
                let _ = batch.done.send(Ok(()));
            }
            continue;
        }
        for batch in batches {
            let result = commit(&pool, std::slice::from_ref(&batch)).await.map_err(|e| e.to_string());
            let _ = batch.done.send(result);
        }
    }
}

async fn commit(pool: &AnyPool, batches: &[Batch]) -> Result<(), sqlx::Error> {
    let mut tx = pool.begin().await?;
    for batch in batches {
        for row in &batch.rows {
            insert_event(&mut tx, &batch.table, row).await?;
        }
    }
    tx.commit().await
}
