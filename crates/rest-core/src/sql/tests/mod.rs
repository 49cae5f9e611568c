//! The SQL of each feature against the fixture schema, pinned.

mod aggregates;
mod computed;
mod embeds;
mod explain;
mod reads;
mod views;
mod writes;
