//! Where the comparison is inside a schema, in three spellings built together: a path in the
//! normalised tree (what coverage is decided on), the report's readable location, and the
//! human subject used in messages (`filter.state`, `ids[]`, `value<anyOf[1]>`).

use crate::rules::finding::{join_location, ROOT_SUBJECT};
use crate::util::json::{child_pointer, push_token};

#[derive(Clone, Debug)]
pub struct Here {
    /// `/`-separated tokens of the normalised tree (`~1` escapes a `/` inside a token).
    pub path: String,
    pub location: String,
    pub subject: String,
}

impl Here {
    pub fn root(location: &str) -> Here {
        Here { path: String::new(), location: location.to_string(), subject: String::new() }
    }

    /// The subject for messages; the schema root is `(root)` ([`ROOT_SUBJECT`]).
    pub fn subject(&self) -> String {
        if self.subject.is_empty() {
            ROOT_SUBJECT.to_string()
        } else {
            self.subject.clone()
        }
    }

    /// The place of a keyword of this node (same subject).
    pub fn keyword(&self, keyword: &str) -> Here {
        Here {
            path: child_pointer(&self.path, keyword),
            location: join_location(&self.location, keyword),
            subject: self.subject.clone(),
        }
    }

    /// A named property of this object node.
    pub fn property(&self, container: &str, name: &str) -> Here {
        let subject = if self.subject.is_empty() { name.to_string() } else { format!("{}.{name}", self.subject) };
        let mut path = child_pointer(&self.path, container);
        push_token(&mut path, name);
        Here { path, location: join_location(&join_location(&self.location, container), name), subject }
    }

    /// A subschema below keyword `keyword`, optionally indexed by `token`, with a subject suffix.
    pub fn below(&self, keyword: &str, token: Option<&str>, suffix: &str) -> Here {
        let mut path = child_pointer(&self.path, keyword);
        let mut location = join_location(&self.location, keyword);
        if let Some(token) = token {
            push_token(&mut path, token);
            location = join_location(&location, token);
        }
        Here { path, location, subject: format!("{}{suffix}", self.subject) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_spell_path_location_and_subject_together() {
        let root = Here::root("tools[t].inputSchema");
        let here = root.property("properties", "a/b").below("items", None, "[]").keyword("enum");
        assert_eq!(here.path, "/properties/a~1b/items/enum");
        assert_eq!(here.location, "tools[t].inputSchema.properties[\"a/b\"].items.enum");
        assert_eq!(here.subject(), "a/b[]");
        assert_eq!(root.subject(), "(root)");
    }
}
