//! What the app declares to pleat, in `_pleat/` of its built site
//! (`PLEAT_SITE_DIR`): `pages.json` lists, per page path, the public REST reads
//! the page needs and the templates for its head and body; and per file path
//! (`/robots.txt`, `/sitemap.xml` …) a template and its content type. Every
//! other file in `_pleat/` is a template (minijinja; `.html` and `.xml` ones
//! escape HTML). Read again when `pages.json` changes, so a rebuilt site is
//! picked up without a restart. See docs/pages.md.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};
use std::time::SystemTime;

use minijinja::syntax::SyntaxConfig;
use minijinja::{AutoEscape, Environment, Error, Output, State, UndefinedBehavior, Value};
use serde::Deserialize;

pub const DIR: &str = "_pleat";
const MANIFEST: &str = "pages.json";

/// Reads as `name → path?query` under `/rest/v1/`.
pub type Reads = BTreeMap<String, String>;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PageDecl {
    #[serde(default)]
    pub data: Reads,
    pub head: Option<String>,
    pub body: Option<String>,
    /// A template whose output (a language tag such as `en-GB`) becomes the
    /// `lang` of the page's `<html>`, so the language the site's data names
    /// reaches crawlers without JavaScript.
    pub lang: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FileDecl {
    pub template: String,
    pub content_type: String,
    #[serde(default)]
    pub data: Reads,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Manifest {
    #[serde(default)]
    pages: BTreeMap<String, PageDecl>,
    #[serde(default)]
    files: BTreeMap<String, FileDecl>,
}

/// A loaded declaration: the manifest and its templates.
pub struct Declared {
    manifest: Manifest,
    pub templates: Environment<'static>,
}

impl Declared {
    pub fn page(&self, path: &str) -> Option<&PageDecl> {
        self.manifest.pages.get(path)
    }

    pub fn file(&self, path: &str) -> Option<&FileDecl> {
        self.manifest.files.get(path)
    }

    fn load(dir: &Path) -> anyhow::Result<Declared> {
        let text = std::fs::read_to_string(dir.join(MANIFEST))?;
        let manifest: Manifest =
            serde_json::from_str(&text).map_err(|e| anyhow::anyhow!("{DIR}/{MANIFEST}: {e}"))?;
        let mut templates = Environment::new();
        // `data.x[0].title` is empty rather than an error when the read of x
        // failed: the page is served without it and the app fetches it.
        templates.set_undefined_behavior(UndefinedBehavior::Chainable);
        // A text file ends as it ends in the app's source (robots.txt).
        templates.set_syntax(
            SyntaxConfig::builder()
                .keep_trailing_newline(true)
                .build()?,
        );
        templates.set_formatter(html_formatter);
        for entry in std::fs::read_dir(dir)? {
            let entry = entry?;
            let name = entry.file_name().to_string_lossy().into_owned();
            if name == MANIFEST || !entry.file_type()?.is_file() {
                continue;
            }
            let source = std::fs::read_to_string(entry.path())?;
            templates
                .add_template_owned(name.clone(), source)
                .map_err(|e| anyhow::anyhow!("{DIR}/{name}: {e}"))?;
        }
        let declared = Declared {
            manifest,
            templates,
        };
        declared.check_names()?;
        Ok(declared)
    }

    /// Every template the manifest names exists.
    fn check_names(&self) -> anyhow::Result<()> {
        let pages = self.manifest.pages.values();
        let named = pages
            .flat_map(|p| [p.head.as_deref(), p.body.as_deref(), p.lang.as_deref()])
            .chain(
                self.manifest
                    .files
                    .values()
                    .map(|f| Some(f.template.as_str())),
            );
        for name in named.flatten() {
            if self.templates.get_template(name).is_err() {
                anyhow::bail!("{DIR}/{MANIFEST} names the template {name}, which is missing");
            }
        }
        Ok(())
    }
}

/// HTML escaping of `&`, `<`, `>`, `"` and `'`, which is all text and
/// attribute values need; minijinja's own also escapes `/`, which would write
/// every URL as `https:&#x2f;&#x2f;…`.
fn html_formatter(out: &mut Output, state: &mut State, value: &Value) -> Result<(), Error> {
    if *state.auto_escape() != AutoEscape::Html || value.is_safe() {
        return minijinja::escape_formatter(out, state, value);
    }
    let text = value.to_string();
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&#39;"),
            c => escaped.push(c),
        }
    }
    out.write_str(&escaped).map_err(Error::from)
}

/// The current declaration of the site in `dir`, reloaded when its manifest's
/// modification time changes. A site without `_pleat/pages.json` declares
/// nothing and is served as built.
pub struct Declarations {
    dir: PathBuf,
    loaded: RwLock<(Option<SystemTime>, Option<Arc<Declared>>)>,
}

impl Declarations {
    pub fn new(site_dir: &Path) -> Declarations {
        Declarations {
            dir: site_dir.join(DIR),
            loaded: RwLock::new((None, None)),
        }
    }

    pub fn current(&self) -> Option<Arc<Declared>> {
        let stamp = std::fs::metadata(self.dir.join(MANIFEST))
            .and_then(|m| m.modified())
            .ok();
        if let Ok(loaded) = self.loaded.read() {
            if loaded.0 == stamp {
                return loaded.1.clone();
            }
        }
        let declared = match stamp {
            None => None,
            Some(_) => match Declared::load(&self.dir) {
                Ok(d) => Some(Arc::new(d)),
                Err(e) => {
                    // Logged once per change of the manifest; pages are then
                    // served as built.
                    tracing::warn!(error = %e, "the site's declaration cannot be used");
                    None
                }
            },
        };
        if let Ok(mut loaded) = self.loaded.write() {
            *loaded = (stamp, declared.clone());
        }
        declared
    }
}
