//! Rows of `storage.buckets` and `storage.objects` as the handlers read them,
//! and the JSON shapes Supabase answers with.

use chrono::{DateTime, SecondsFormat, Utc};
use serde_json::{json, Value};
use sqlx::{Postgres, Transaction};

use crate::error::StorageError;
use crate::mime;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Bucket {
    pub id: String,
    pub name: String,
    pub owner: Option<uuid::Uuid>,
    pub owner_id: Option<String>,
    pub public: bool,
    pub file_size_limit: Option<i64>,
    pub allowed_mime_types: Option<Vec<String>>,
    #[sqlx(rename = "type")]
    pub kind: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

pub const BUCKET_COLUMNS: &str = "id, name, owner, owner_id, public, file_size_limit, \
     allowed_mime_types, type::text AS type, created_at, updated_at";

impl Bucket {
    pub fn to_json(&self, with_type: bool) -> Value {
        let mut v = json!({
            "id": self.id,
            "name": self.name,
            "owner": self.owner.map(|o| o.to_string()).unwrap_or_default(),
            "owner_id": self.owner_id,
            "public": self.public,
            "file_size_limit": self.file_size_limit,
            "allowed_mime_types": self.allowed_mime_types,
            "created_at": iso(&self.created_at),
            "updated_at": iso(&self.updated_at),
        });
        if with_type {
            v["type"] = json!(self.kind);
        }
        v
    }

    /// The largest object this bucket takes: its own limit, never more than
    /// the server's (`max_upload`).
    pub fn size_limit(&self, max_upload: u64) -> u64 {
        self.file_size_limit
            .map_or(max_upload, |l| (l.max(0) as u64).min(max_upload))
    }

    /// Refuses `mimetype` under `key` unless the bucket's type list allows it;
    /// Supabase Studio's empty-folder markers pass any list.
    pub fn check_type(&self, key: &str, mimetype: &str) -> Result<(), StorageError> {
        if key.ends_with(".emptyFolderPlaceholder")
            || mime::allowed(mimetype, self.allowed_mime_types.as_deref())
        {
            Ok(())
        } else {
            Err(mime::refused(mimetype))
        }
    }

    /// The bucket's rules for an object written whole (copied or moved in):
    /// its type list, then its size limit.
    pub fn check_object(
        &self,
        key: &str,
        mimetype: &str,
        size: u64,
        max_upload: u64,
    ) -> Result<(), StorageError> {
        self.check_type(key, mimetype)?;
        if size > self.size_limit(max_upload) {
            return Err(StorageError::too_large());
        }
        Ok(())
    }

    /// A bucket by id, read as `tx`'s role (service_role for limit lookups).
    pub async fn find(
        tx: &mut Transaction<'_, Postgres>,
        id: &str,
    ) -> Result<Bucket, StorageError> {
        sqlx::query_as::<_, Bucket>(&format!(
            "SELECT {BUCKET_COLUMNS} FROM storage.buckets WHERE id = $1"
        ))
        .bind(id)
        .fetch_optional(&mut **tx)
        .await?
        .ok_or_else(StorageError::bucket_not_found)
    }
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Object {
    pub id: uuid::Uuid,
    pub bucket_id: String,
    pub name: String,
    pub owner: Option<uuid::Uuid>,
    pub owner_id: Option<String>,
    pub version: Option<String>,
    pub metadata: Option<Value>,
    pub user_metadata: Option<Value>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub last_accessed_at: DateTime<Utc>,
}

pub const OBJECT_COLUMNS: &str = "id, bucket_id, name, owner, owner_id, version, metadata, \
     user_metadata, created_at, updated_at, last_accessed_at";

impl Object {
    /// One object by key, read as `tx`'s role: hidden by RLS reads as missing.
    pub async fn find(
        tx: &mut Transaction<'_, Postgres>,
        bucket: &str,
        name: &str,
    ) -> Result<Object, StorageError> {
        sqlx::query_as::<_, Object>(&format!(
            "SELECT {OBJECT_COLUMNS} FROM storage.objects WHERE bucket_id = $1 AND name = $2 LIMIT 1"
        ))
        .bind(bucket)
        .bind(name)
        .fetch_optional(&mut **tx)
        .await?
        .ok_or_else(StorageError::object_not_found)
    }

    fn meta(&self, key: &str) -> Option<&Value> {
        self.metadata.as_ref().and_then(|m| m.get(key))
    }

    pub fn size(&self) -> u64 {
        self.meta("size").and_then(Value::as_u64).unwrap_or(0)
    }

    pub fn mimetype(&self) -> &str {
        self.meta("mimetype")
            .and_then(Value::as_str)
            .unwrap_or("application/octet-stream")
    }

    pub fn cache_control(&self) -> &str {
        self.meta("cacheControl")
            .and_then(Value::as_str)
            .unwrap_or("no-cache")
    }

    /// Quoted, as stored and sent.
    pub fn etag(&self) -> &str {
        self.meta("eTag").and_then(Value::as_str).unwrap_or("\"\"")
    }

    /// The row as Supabase returns it from remove / copy (`objectSchema`).
    pub fn to_json(&self) -> Value {
        json!({
            "id": self.id,
            "bucket_id": self.bucket_id,
            "name": self.name,
            "owner": self.owner.map(|o| o.to_string()).unwrap_or_default(),
            "owner_id": self.owner_id,
            "version": self.version,
            "metadata": self.metadata,
            "user_metadata": self.user_metadata,
            "created_at": iso(&self.created_at),
            "updated_at": iso(&self.updated_at),
            "last_accessed_at": iso(&self.last_accessed_at),
        })
    }

    /// `info()`'s shape.
    pub fn info_json(&self) -> Value {
        json!({
            "id": self.id,
            "name": self.name,
            "version": self.version,
            "bucket_id": self.bucket_id,
            "size": self.size(),
            "content_type": self.mimetype(),
            "cache_control": self.cache_control(),
            "etag": self.etag(),
            "metadata": self.user_metadata,
            "last_modified": iso(&self.updated_at),
            "created_at": iso(&self.created_at),
        })
    }
}

pub fn iso(t: &DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Millis, true)
}

/// The owner uuid column is set only when the JWT `sub` is a uuid.
pub fn owner_uuid(sub: Option<&str>) -> Option<uuid::Uuid> {
    sub.and_then(|s| uuid::Uuid::parse_str(s).ok())
}
