//! A connection and the one thing it does: run a list of statements in one
//! write ending in one Sync, and read every answer up to ReadyForQuery.

use std::collections::HashMap;
use std::sync::Arc;

use bytes::BytesMut;
use postgres_protocol::message::{backend::Message, frontend};

use super::bind::bind;
use super::row::{Column, Row};
use super::stream::Stream;
use super::{Failure, PgError, Value};

/// Statements kept prepared per connection; past this they are all closed
/// and the cache starts over (every distinct filter shape and page is a
/// statement of its own).
const MAX_PREPARED: usize = 256;

/// Buffers larger than this (a big body) are not kept between requests.
const KEEP_BUFFER: usize = 256 * 1024;

/// The server's transaction state after the last Sync (ReadyForQuery).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TxStatus {
    /// Outside any transaction block.
    Idle,
    /// Inside a transaction block.
    InTransaction,
    /// Inside a failed transaction block: only ROLLBACK helps.
    Failed,
    /// The connection broke, or a run was dropped half-way: close it.
    Broken,
}

/// One statement of a run.
#[derive(Debug, Clone, Copy)]
pub struct Step<'a> {
    pub sql: &'a str,
    pub params: &'a [Value<'a>],
}

impl<'a> Step<'a> {
    pub fn new(sql: &'a str, params: &'a [Value<'a>]) -> Step<'a> {
        Step { sql, params }
    }
}

/// A statement a run prepares: its text, name, parameter types and, once
/// described, its columns.
type NewStatement = (String, String, Vec<u32>, Option<Arc<[Column]>>);

struct Prepared {
    name: String,
    types: Vec<u32>,
    columns: Arc<[Column]>,
}

/// What each message sent asks back, in order.
enum Expect {
    CloseComplete,
    ParseComplete,
    ParameterDescription,
    /// RowDescription or NoData of the statement prepared as `new[i]`.
    Describe(usize),
    BindComplete,
    /// Rows, then CommandComplete, of step `i`.
    Execute(usize),
}

pub struct Conn {
    stream: Stream,
    read: BytesMut,
    write: BytesMut,
    prepared: HashMap<String, Prepared>,
    next_name: u64,
    status: TxStatus,
}

impl Conn {
    pub(super) fn new(stream: Stream) -> Conn {
        Conn {
            stream,
            read: BytesMut::with_capacity(8192),
            write: BytesMut::with_capacity(8192),
            prepared: HashMap::new(),
            next_name: 0,
            status: TxStatus::Broken,
        }
    }

    /// The transaction state the server last reported.
    pub fn status(&self) -> TxStatus {
        self.status
    }

    /// Whether `sql` is prepared on this connection with these parameter
    /// types.
    pub fn is_prepared(&self, sql: &str, types: &[u32]) -> bool {
        self.prepared.get(sql).is_some_and(|p| p.types == types)
    }

    /// False when the server closed the connection (or said anything) while
    /// it sat idle: an idle connection is sent nothing, so anything to read
    /// is its end (a termination notice or end of file).
    pub fn looks_open(&self) -> bool {
        self.status == TxStatus::Idle && self.stream.nothing_to_read()
    }

    /// The same connection with its socket registered with the reactor of
    /// the runtime this is called on (and no longer with the one that
    /// registered it). A worker thread's runtime then polls the connection's
    /// I/O itself, instead of waiting for another worker to notice it is
    /// ready and wake it. Two `epoll_ctl` calls.
    pub fn rehome(self) -> std::io::Result<Conn> {
        Ok(Conn {
            stream: self.stream.rehome()?,
            ..self
        })
    }

    pub(super) fn out(&mut self) -> &mut BytesMut {
        &mut self.write
    }

    pub(super) async fn send(&mut self) -> Result<(), Failure> {
        let result = self.stream.write_all(&self.write).await;
        self.write.clear();
        if self.write.capacity() > KEEP_BUFFER {
            self.write = BytesMut::with_capacity(8192);
        }
        Ok(result?)
    }

    pub(super) async fn next_message(&mut self) -> Result<Message, Failure> {
        loop {
            if let Some(message) = Message::parse(&mut self.read)? {
                return Ok(message);
            }
            if self.read.capacity() - self.read.len() < 4096 {
                self.read.reserve(8192);
            }
            let n = self.stream.read_buf(&mut self.read).await?;
            if n == 0 {
                return Err(Failure::Lost("the server closed the connection".into()));
            }
        }
    }

    /// Prepare these statements (no execution), for a connection opened
    /// ahead of requests.
    pub async fn prepare(&mut self, statements: &[(&str, &[u32])]) -> Result<(), Failure> {
        let steps: Vec<(Step<'_>, Vec<u32>)> = statements
            .iter()
            .map(|(sql, types)| (Step::new(sql, &[]), types.to_vec()))
            .collect();
        self.exchange(&steps, false).await.map(|_| ())
    }

    /// Run `steps` in order, in one write ending in one Sync, and return the
    /// rows of each. A statement the connection has not seen is prepared in
    /// the same write, just before its first use (so after any role switch
    /// an earlier step made). When the server refuses one, the rest are
    /// skipped and its error is returned; the connection stays usable, and
    /// `status` says whether a transaction block is left to roll back.
    pub async fn run(&mut self, steps: &[Step<'_>]) -> Result<Vec<Vec<Row>>, Failure> {
        let typed: Vec<(Step<'_>, Vec<u32>)> = steps
            .iter()
            .map(|s| (*s, s.params.iter().map(Value::type_oid).collect()))
            .collect();
        self.exchange(&typed, true).await
    }

    /// The messages of a run, in the write buffer, and what each asks back.
    #[allow(clippy::type_complexity)]
    fn encode(
        &mut self,
        steps: &[(Step<'_>, Vec<u32>)],
        execute: bool,
    ) -> Result<
        (
            Vec<Expect>,
            Vec<NewStatement>,
            Vec<Result<Arc<[Column]>, usize>>,
        ),
        Failure,
    > {
        let mut expect = Vec::with_capacity(steps.len() * 4);
        if self.prepared.len() + steps.len() > MAX_PREPARED {
            for (_, p) in self.prepared.drain() {
                frontend::close(b'S', &p.name, &mut self.write).map_err(unencodable)?;
                expect.push(Expect::CloseComplete);
            }
        }
        // Statements prepared by this run: (sql, name, types, columns).
        let mut new: Vec<NewStatement> = Vec::new();
        // For each step, where its columns come from: prepared or new[i].
        let mut sources: Vec<Result<Arc<[Column]>, usize>> = Vec::with_capacity(steps.len());
        for (i, (step, types)) in steps.iter().enumerate() {
            let known = self.prepared.get(step.sql).filter(|p| &p.types == types);
            let name = match known {
                Some(p) => {
                    sources.push(Ok(p.columns.clone()));
                    p.name.clone()
                }
                None => match new.iter().position(|n| n.0 == step.sql && &n.2 == types) {
                    Some(j) => {
                        sources.push(Err(j));
                        new[j].1.clone()
                    }
                    None => {
                        self.next_name += 1;
                        let name = format!("p{}", self.next_name);
                        frontend::parse(&name, step.sql, types.iter().copied(), &mut self.write)
                            .map_err(unencodable)?;
                        frontend::describe(b'S', &name, &mut self.write).map_err(unencodable)?;
                        expect.push(Expect::ParseComplete);
                        expect.push(Expect::ParameterDescription);
                        expect.push(Expect::Describe(new.len()));
                        sources.push(Err(new.len()));
                        new.push((step.sql.to_string(), name.clone(), types.clone(), None));
                        name
                    }
                },
            };
            if execute {
                bind(&name, step.params, &mut self.write)?;
                frontend::execute("", 0, &mut self.write).map_err(unencodable)?;
                expect.push(Expect::BindComplete);
                expect.push(Expect::Execute(i));
            }
        }
        Ok((expect, new, sources))
    }

    async fn exchange(
        &mut self,
        steps: &[(Step<'_>, Vec<u32>)],
        execute: bool,
    ) -> Result<Vec<Vec<Row>>, Failure> {
        if self.status == TxStatus::Broken {
            return Err(Failure::Lost("the connection is closed".into()));
        }
        let (expect, mut new, sources) = match self.encode(steps, execute) {
            Ok(encoded) => encoded,
            Err(e) => {
                self.write.clear();
                return Err(e);
            }
        };
        frontend::sync(&mut self.write);
        // Until ReadyForQuery is read, a dropped run leaves the connection
        // out of step: it is closed then.
        self.status = TxStatus::Broken;
        self.send().await?;

        let mut rows: Vec<Vec<Row>> = vec![Vec::new(); steps.len()];
        let mut failure: Option<PgError> = None;
        let mut at = 0;
        let status = loop {
            let message = match self.next_message().await? {
                Message::NoticeResponse(_)
                | Message::ParameterStatus(_)
                | Message::NotificationResponse(_) => continue,
                Message::ErrorResponse(body) => {
                    failure.get_or_insert_with(|| PgError::from_fields(body.fields()));
                    continue;
                }
                Message::ReadyForQuery(body) => break body.status(),
                _ if failure.is_some() => {
                    return Err(Failure::Lost("a message after an error".into()));
                }
                message => message,
            };
            let Some(step) = expect.get(at) else {
                return Err(Failure::Lost("more answers than statements".into()));
            };
            match (step, message) {
                (Expect::CloseComplete, Message::CloseComplete)
                | (Expect::ParseComplete, Message::ParseComplete)
                | (Expect::ParameterDescription, Message::ParameterDescription(_))
                | (Expect::BindComplete, Message::BindComplete) => at += 1,
                (Expect::Describe(j), Message::RowDescription(body)) => {
                    new[*j].3 = Some(columns(&body)?);
                    at += 1;
                }
                (Expect::Describe(j), Message::NoData) => {
                    new[*j].3 = Some(Arc::from(Vec::new()));
                    at += 1;
                }
                (Expect::Execute(i), Message::DataRow(body)) => {
                    let cols = match &sources[*i] {
                        Ok(cols) => cols.clone(),
                        Err(j) => new[*j].3.clone().ok_or_else(|| {
                            Failure::Lost("rows before the statement's description".into())
                        })?,
                    };
                    rows[*i].push(Row::new(cols, body)?);
                }
                (
                    Expect::Execute(_),
                    Message::CommandComplete(_)
                    | Message::EmptyQueryResponse
                    | Message::PortalSuspended,
                ) => at += 1,
                _ => return Err(Failure::Lost("an answer out of turn".into())),
            }
        };
        // Statements whose description arrived are prepared on the server,
        // whatever happened after them.
        for (sql, name, types, columns) in new {
            if let Some(columns) = columns {
                self.prepared.insert(
                    sql,
                    Prepared {
                        name,
                        types,
                        columns,
                    },
                );
            }
        }
        if self.read.is_empty() && self.read.capacity() > KEEP_BUFFER {
            self.read = BytesMut::with_capacity(8192);
        }
        self.status = match status {
            b'I' => TxStatus::Idle,
            b'T' => TxStatus::InTransaction,
            b'E' => TxStatus::Failed,
            _ => return Err(Failure::Lost("unknown transaction status".into())),
        };
        match failure {
            Some(e) => Err(Failure::Db(e)),
            None if at == expect.len() => Ok(rows),
            None => Err(Failure::Lost("fewer answers than statements".into())),
        }
    }

    /// Mark the connection ready after startup.
    pub(super) fn ready(&mut self) {
        self.status = TxStatus::Idle;
    }
}

fn columns(
    body: &postgres_protocol::message::backend::RowDescriptionBody,
) -> Result<Arc<[Column]>, Failure> {
    use fallible_iterator::FallibleIterator;
    let columns: Vec<Column> = body
        .fields()
        .map(|f| {
            Ok(Column {
                name: f.name().to_string(),
                type_oid: f.type_oid(),
            })
        })
        .collect()?;
    Ok(Arc::from(columns))
}

pub(super) fn unencodable(e: std::io::Error) -> Failure {
    Failure::Decode(format!("cannot encode a statement: {e}"))
}
