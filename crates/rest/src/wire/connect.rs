//! Opening a connection: a TCP or Unix socket from a `tokio_postgres::Config`
//! (hosts tried in order), the startup message, and the password exchange
//! (trust, cleartext, MD5 or SCRAM-SHA-256).

use std::time::Duration;

use postgres_protocol::authentication::{md5_hash, sasl};
use postgres_protocol::message::{backend::Message, frontend};
use tokio::net::{TcpStream, UnixStream};
use tokio_postgres::config::Host;

use super::run::Conn;
use super::stream::Stream;
use super::{Failure, PgError};

/// How long opening a connection may take when the URL does not say
/// (`connect_timeout`).
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// A connection logged in as `config` says, ready for statements.
pub async fn connect(config: &tokio_postgres::Config) -> Result<Conn, Failure> {
    if config.get_ssl_mode() == tokio_postgres::config::SslMode::Require {
        return Err(Failure::Lost(
            "sslmode=require is not supported for request connections".into(),
        ));
    }
    let timeout = config
        .get_connect_timeout()
        .copied()
        .unwrap_or(CONNECT_TIMEOUT);
    let hosts = config.get_hosts();
    if hosts.is_empty() {
        return Err(Failure::Lost("no host to connect to".into()));
    }
    let ports = config.get_ports();
    if ports.len() > 1 && ports.len() != hosts.len() {
        return Err(Failure::Lost("invalid number of ports".into()));
    }
    let mut last = None;
    for (i, host) in hosts.iter().enumerate() {
        let port = match ports {
            [] => 5432,
            [one] => *one,
            many => many[i],
        };
        let attempt = async {
            let stream = open(host, port).await?;
            start(Conn::new(stream), config).await
        };
        match tokio::time::timeout(timeout, attempt).await {
            Ok(Ok(conn)) => return Ok(conn),
            // A refused login is the server's word: no other host changes it.
            Ok(Err(e @ Failure::Db(_))) => return Err(e),
            Ok(Err(e)) => last = Some(e),
            Err(_) => last = Some(Failure::Lost("timed out connecting".into())),
        }
    }
    Err(last.unwrap_or_else(|| Failure::Lost("no host to connect to".into())))
}

async fn open(host: &Host, port: u16) -> Result<Stream, Failure> {
    match host {
        Host::Tcp(name) => {
            let stream = TcpStream::connect((name.as_str(), port)).await?;
            stream.set_nodelay(true)?;
            Ok(Stream::Tcp(stream))
        }
        Host::Unix(dir) => {
            let path = dir.join(format!(".s.PGSQL.{port}"));
            Ok(Stream::Unix(UnixStream::connect(path).await?))
        }
    }
}

/// Startup and authentication, up to the first ReadyForQuery.
async fn start(mut conn: Conn, config: &tokio_postgres::Config) -> Result<Conn, Failure> {
    let user = config
        .get_user()
        .ok_or_else(|| Failure::Lost("no user to log in as".into()))?;
    let mut params: Vec<(&str, &str)> = vec![("user", user), ("client_encoding", "UTF8")];
    if let Some(db) = config.get_dbname() {
        params.push(("database", db));
    }
    if let Some(name) = config.get_application_name() {
        params.push(("application_name", name));
    }
    if let Some(options) = config.get_options() {
        params.push(("options", options));
    }
    frontend::startup_message(params.iter().copied(), conn.out())?;
    conn.send().await?;
    let password = config.get_password();
    let missing = || Failure::Lost("the server asks for a password and none is set".into());
    loop {
        match conn.next_message().await? {
            Message::AuthenticationOk => break,
            Message::AuthenticationCleartextPassword => {
                frontend::password_message(password.ok_or_else(missing)?, conn.out())?;
                conn.send().await?;
            }
            Message::AuthenticationMd5Password(body) => {
                let hashed = md5_hash(user.as_bytes(), password.ok_or_else(missing)?, body.salt());
                frontend::password_message(hashed.as_bytes(), conn.out())?;
                conn.send().await?;
            }
            Message::AuthenticationSasl(body) => {
                scram(&mut conn, body, password.ok_or_else(missing)?).await?;
            }
            Message::ErrorResponse(body) => {
                return Err(Failure::Db(PgError::from_fields(body.fields())));
            }
            Message::NoticeResponse(_) => {}
            _ => return Err(Failure::Lost("unsupported authentication method".into())),
        }
    }
    // ParameterStatus and BackendKeyData, then ReadyForQuery.
    loop {
        match conn.next_message().await? {
            Message::ReadyForQuery(_) => {
                conn.ready();
                return Ok(conn);
            }
            Message::ErrorResponse(body) => {
                return Err(Failure::Db(PgError::from_fields(body.fields())));
            }
            _ => {}
        }
    }
}

async fn scram(
    conn: &mut Conn,
    offer: postgres_protocol::message::backend::AuthenticationSaslBody,
    password: &[u8],
) -> Result<(), Failure> {
    use fallible_iterator::FallibleIterator;
    let mut offered = false;
    let mut mechanisms = offer.mechanisms();
    while let Some(m) = mechanisms.next()? {
        offered |= m == sasl::SCRAM_SHA_256;
    }
    if !offered {
        return Err(Failure::Lost("the server offers no SCRAM-SHA-256".into()));
    }
    let mut scram = sasl::ScramSha256::new(password, sasl::ChannelBinding::unsupported());
    frontend::sasl_initial_response(sasl::SCRAM_SHA_256, scram.message(), conn.out())?;
    conn.send().await?;
    match conn.next_message().await? {
        Message::AuthenticationSaslContinue(body) => scram.update(body.data())?,
        Message::ErrorResponse(body) => {
            return Err(Failure::Db(PgError::from_fields(body.fields())))
        }
        _ => return Err(Failure::Lost("unexpected message during SCRAM".into())),
    }
    frontend::sasl_response(scram.message(), conn.out())?;
    conn.send().await?;
    match conn.next_message().await? {
        Message::AuthenticationSaslFinal(body) => scram.finish(body.data())?,
        Message::ErrorResponse(body) => {
            return Err(Failure::Db(PgError::from_fields(body.fields())))
        }
        _ => return Err(Failure::Lost("unexpected message during SCRAM".into())),
    }
    Ok(())
}
