//! Where the game keeps its files when there is no folder: a shelf of
//! named texts. The browser build keeps best times, ghosts, settings and
//! the player's own levels on one, the page's `localStorage`, under the
//! same names the data folder uses (`records.txt`, `ghosts/HASH.inputs`,
//! `settings.txt`, `levels/NAME.txt`), so what is kept reads the same in
//! both places.
//!
//! The rule is the data folder's ([`crate::store`]): what could not be read
//! is never written over. A text that cannot be read is put aside under
//! `NAME.damaged` (`.damaged-2`, … if taken) before a new one takes its name.

use std::collections::BTreeMap;
use std::fmt;

/// A place that keeps texts by name.
pub trait Shelf: fmt::Debug {
    /// The text kept as `name`, if any.
    fn get(&self, name: &str) -> Option<String>;
    /// Keeps `text` as `name`, whole or not at all; says why not (the
    /// browser's storage may be full or refused).
    fn put(&mut self, name: &str, text: &str) -> Result<(), String>;
    /// Forgets `name`.
    fn remove(&mut self, name: &str);
    /// Every name kept that starts with `prefix`, in order.
    fn names(&self, prefix: &str) -> Vec<String>;
    /// How the shelf is named to the player, before a name
    /// (`browser storage: records.txt`).
    fn describe(&self) -> &'static str;
}

/// Puts the text kept as `name` aside, as `NAME.damaged` (or
/// `NAME.damaged-2`, …): before a text that could not be read is replaced.
/// Returns the name it is kept under.
pub fn set_aside(shelf: &mut dyn Shelf, name: &str) -> Result<Option<String>, String> {
    let Some(text) = shelf.get(name) else {
        return Ok(None);
    };
    let mut aside = format!("{name}.damaged");
    let mut n = 2;
    while shelf.get(&aside).is_some() {
        aside = format!("{name}.damaged-{n}");
        n += 1;
    }
    shelf.put(&aside, &text)?;
    Ok(Some(aside))
}

/// A shelf in memory: for tests, and for a browser whose storage is
/// refused.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MemoryShelf {
    /// What is kept, by name.
    pub texts: BTreeMap<String, String>,
}

impl Shelf for MemoryShelf {
    fn get(&self, name: &str) -> Option<String> {
        self.texts.get(name).cloned()
    }

    fn put(&mut self, name: &str, text: &str) -> Result<(), String> {
        self.texts.insert(name.to_string(), text.to_string());
        Ok(())
    }

    fn remove(&mut self, name: &str) {
        self.texts.remove(name);
    }

    fn names(&self, prefix: &str) -> Vec<String> {
        self.texts
            .keys()
            .filter(|k| k.starts_with(prefix))
            .cloned()
            .collect()
    }

    fn describe(&self) -> &'static str {
        "memory"
    }
}

/// A shared handle on one shelf: the records, the settings and the
/// player's levels each hold one, and see one another's writes.
#[derive(Clone, Debug)]
pub struct SharedShelf(pub std::rc::Rc<std::cell::RefCell<dyn Shelf>>);

impl SharedShelf {
    /// A handle on `shelf`.
    pub fn new(shelf: impl Shelf + 'static) -> SharedShelf {
        SharedShelf(std::rc::Rc::new(std::cell::RefCell::new(shelf)))
    }
}

impl Shelf for SharedShelf {
    fn get(&self, name: &str) -> Option<String> {
        self.0.borrow().get(name)
    }

    fn put(&mut self, name: &str, text: &str) -> Result<(), String> {
        self.0.borrow_mut().put(name, text)
    }

    fn remove(&mut self, name: &str) {
        self.0.borrow_mut().remove(name);
    }

    fn names(&self, prefix: &str) -> Vec<String> {
        self.0.borrow().names(prefix)
    }

    fn describe(&self) -> &'static str {
        self.0.borrow().describe()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setting_aside_never_writes_over_an_earlier_one() {
        let mut shelf = MemoryShelf::default();
        assert_eq!(set_aside(&mut shelf, "a.txt"), Ok(None));
        shelf.put("a.txt", "one").unwrap();
        assert_eq!(
            set_aside(&mut shelf, "a.txt"),
            Ok(Some("a.txt.damaged".into()))
        );
        shelf.put("a.txt", "two").unwrap();
        assert_eq!(
            set_aside(&mut shelf, "a.txt"),
            Ok(Some("a.txt.damaged-2".into()))
        );
        shelf.put("a.txt", "three").unwrap();
        assert_eq!(
            set_aside(&mut shelf, "a.txt"),
            Ok(Some("a.txt.damaged-3".into()))
        );
        assert_eq!(shelf.get("a.txt.damaged").as_deref(), Some("one"));
        assert_eq!(shelf.get("a.txt.damaged-2").as_deref(), Some("two"));
        assert_eq!(shelf.names("a.txt.d").len(), 3);
    }

    #[test]
    fn a_shared_shelf_is_one_shelf() {
        let mut a = SharedShelf::new(MemoryShelf::default());
        let b = a.clone();
        a.put("x", "1").unwrap();
        assert_eq!(b.get("x").as_deref(), Some("1"));
        a.remove("x");
        assert_eq!(b.get("x"), None);
    }
}
