//! HTTP tests of `/storage/v1`: statuses, headers and error bodies, through
//! the real handlers on a throwaway database.

mod errors;
mod helpers;
mod render;
mod serving;
mod uploads;
