//! The SQL of each feature against the fixture schema, pinned.

mod aggregates;
mod computed;
mod embeds;
mod explain;
mod reads;
mod spreads;
mod views;
mod writes;
