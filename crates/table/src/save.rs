//! Saving a table's finished deals: the trumpf match record for every
//! game, and for Skat ISS records while every deal can be one.

use trumpf_core::iss::IssError;

/// The format a table's deals are saved in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum SaveFormat {
    /// ISS records (Skat, one game a line, read by other Skat programs)
    /// while every deal can be one; a trumpf match record once a deal
    /// cannot (a Ramsch, Kontra, a Bock deal), saying why. Games without
    /// ISS records are saved as trumpf match records.
    #[default]
    Iss,
    /// Always the trumpf match record.
    Trumpf,
}

impl SaveFormat {
    /// "ISS records", "a trumpf record".
    pub fn name(self) -> &'static str {
        match self {
            SaveFormat::Iss => "ISS records",
            SaveFormat::Trumpf => "a trumpf record",
        }
    }
}

/// A table's finished deals as the text of a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Saved {
    /// The file's text.
    pub text: String,
    /// The format written.
    pub format: SaveFormat,
    /// ISS was asked for but cannot express this deal: "a Ramsch (deal 4)".
    pub not_iss: Option<String>,
}

/// Why the deals could not be written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SaveError {
    /// A finished deal could not be made an ISS record.
    #[error("deal {deal}: {error}")]
    Iss {
        /// Its number (1-based).
        deal: usize,
        /// The reason.
        error: IssError,
    },
}
