//! The SQL of each feature against the fixture schema, pinned.

mod aggregates;
mod embeds;
mod reads;
mod spreads;
mod writes;
