//! The socket under a connection, TCP or Unix, and the few things done with
//! it: write all, read more, peek while idle, and move to another reactor.

use bytes::BytesMut;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpStream, UnixStream};

pub(super) enum Stream {
    Tcp(TcpStream),
    Unix(UnixStream),
}

impl Stream {
    pub(super) async fn write_all(&mut self, buf: &[u8]) -> std::io::Result<()> {
        match self {
            Stream::Tcp(s) => s.write_all(buf).await,
            Stream::Unix(s) => s.write_all(buf).await,
        }
    }

    pub(super) async fn read_buf(&mut self, buf: &mut BytesMut) -> std::io::Result<usize> {
        match self {
            Stream::Tcp(s) => s.read_buf(buf).await,
            Stream::Unix(s) => s.read_buf(buf).await,
        }
    }

    /// Whether nothing is waiting to be read (without waiting).
    pub(super) fn nothing_to_read(&self) -> bool {
        let mut probe = [0u8; 1];
        let read = match self {
            Stream::Tcp(s) => s.try_read(&mut probe),
            Stream::Unix(s) => s.try_read(&mut probe),
        };
        matches!(read, Err(e) if e.kind() == std::io::ErrorKind::WouldBlock)
    }

    /// The same socket, registered with the reactor of the runtime this is
    /// called on instead of the one that registered it (two `epoll_ctl`).
    pub(super) fn rehome(self) -> std::io::Result<Stream> {
        Ok(match self {
            Stream::Tcp(s) => Stream::Tcp(TcpStream::from_std(s.into_std()?)?),
            Stream::Unix(s) => Stream::Unix(UnixStream::from_std(s.into_std()?)?),
        })
    }
}
