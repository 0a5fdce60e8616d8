//! What Discord accepts: every request the fake receives is checked against Discord's own OpenAPI description
//! (discord/discord-api-spec, MIT, vendored in `tests/e2e/discord-api-spec/`) with a JSON Schema validator, and
//! against the limits that description cannot express. A request that breaks either is answered 400 / 50035, as
//! Discord answers it, and fails the test.

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex};

use serde_json::{Value, json};

/// Discord's OpenAPI description, read once.
static SPEC: LazyLock<Value> = LazyLock::new(|| {
    serde_json::from_str(include_str!("../discord-api-spec/openapi.json")).expect("the vendored spec is JSON")
});

/// A request body's validator by (path template, method); `None` for operations without a JSON body.
type Validators = HashMap<(String, String), Option<Arc<jsonschema::Validator>>>;

static VALIDATORS: LazyLock<Mutex<Validators>> = LazyLock::new(Mutex::default);

/// The spec's path template for a concrete path (`/channels/5/messages` → `/channels/{channel_id}/messages`): the
/// one whose literal segments all match, the most literal first (`@original` before `{message_id}`).
fn template(path: &str) -> Option<String> {
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    SPEC["paths"]
        .as_object()?
        .keys()
        .filter_map(|t| {
            let parts: Vec<&str> = t.split('/').filter(|s| !s.is_empty()).collect();
            let matches =
                parts.len() == segments.len() && parts.iter().zip(&segments).all(|(p, s)| p.starts_with('{') || p == s);
            matches.then(|| (parts.iter().filter(|p| !p.starts_with('{')).count(), t.clone()))
        })
        .max()
        .map(|(_, t)| t)
}

/// The schemas every body refers to, with one correction: serenity numbers a new file's attachment `id` (0, 1, …)
/// where the spec asks for a snowflake string, and Discord accepts both.
fn components() -> Value {
    let mut schemas = SPEC["components"]["schemas"].clone();
    let snowflake = schemas["SnowflakeType"].clone();
    schemas["SnowflakeType"] = json!({ "anyOf": [snowflake, { "type": "integer", "minimum": 0 }] });
    json!({ "schemas": schemas })
}

fn validator(template: &str, method: &str) -> Option<Arc<jsonschema::Validator>> {
    let key = (template.to_string(), method.to_string());
    let mut built = VALIDATORS.lock().unwrap();
    built
        .entry(key)
        .or_insert_with(|| {
            let body = &SPEC["paths"][template][method]["requestBody"]["content"]["application/json"]["schema"];
            if body.is_null() {
                return None;
            }
            let root = json!({ "allOf": [body], "components": components() });
            let validator = jsonschema::options()
                .with_draft(jsonschema::Draft::Draft202012)
                .build(&root)
                .unwrap_or_else(|e| panic!("the spec's schema for {method} {template} compiles: {e}"));
            Some(Arc::new(validator))
        })
        .clone()
}

/// What Discord would refuse in a request: each violation as "where: what". `path` is under `/api/v10`.
pub fn violations(method: &str, path: &str, body: &Value) -> Vec<String> {
    let method = method.to_lowercase();
    let Some(template) = template(path) else {
        return vec![format!("{method} {path}: no such route in Discord's API")];
    };
    if SPEC["paths"][&template][&method].is_null() {
        return vec![format!("{method} {template}: no such operation in Discord's API")];
    }
    let mut found = Vec::new();
    if let Some(validator) = validator(&template, &method) {
        for error in validator.iter_errors(body) {
            found.push(format!(
                "{method} {template} {}: {error}",
                error.instance_path().as_str()
            ));
        }
    }
    for limit in limits(&template, &method, body) {
        found.push(format!("{method} {template}: {limit}"));
    }
    found
}

/// Bot message limits the schema cannot say: 2,000 characters of content, 6,000 across a message's embeds, at
/// most 5 action rows of at most 5 buttons, a select alone in its row.
fn limits(template: &str, method: &str, body: &Value) -> Vec<String> {
    let message = match (method, template) {
        ("post", "/interactions/{interaction_id}/{interaction_token}/callback") => match body["type"].as_u64() {
            Some(4 | 7) => &body["data"],
            _ => return Vec::new(),
        },
        ("post" | "patch", t) if t.contains("/messages") || t == "/webhooks/{webhook_id}/{webhook_token}" => body,
        _ => return Vec::new(),
    };
    let mut broken = Vec::new();
    let chars = |v: &Value| v.as_str().map_or(0, |s| s.chars().count());
    let content = chars(&message["content"]);
    if content > 2_000 {
        broken.push(format!("content has {content} characters; a bot may send 2,000"));
    }
    let embeds: usize = message["embeds"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|e| {
            let fields: usize = e["fields"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|f| chars(&f["name"]) + chars(&f["value"]))
                .sum();
            chars(&e["title"])
                + chars(&e["description"])
                + chars(&e["footer"]["text"])
                + chars(&e["author"]["name"])
                + fields
        })
        .sum();
    if embeds > 6_000 {
        broken.push(format!("embeds hold {embeds} characters; a message may hold 6,000"));
    }
    let rows = message["components"].as_array().map_or(&[][..], Vec::as_slice);
    if rows.len() > 5 {
        broken.push(format!("{} action rows; a message may have 5", rows.len()));
    }
    for (i, row) in rows.iter().enumerate() {
        let inside = row["components"].as_array().map_or(&[][..], Vec::as_slice);
        let selects = inside
            .iter()
            .filter(|c| c["type"].as_u64().is_some_and(|t| t != 2))
            .count();
        if selects > 0 && inside.len() > 1 {
            broken.push(format!(
                "row {i} has a select beside {} other components",
                inside.len() - 1
            ));
        }
        if inside.len() > 5 {
            broken.push(format!("row {i} has {} buttons; a row may have 5", inside.len()));
        }
    }
    broken
}

/// Discord's answer to a body it refuses: 400, code 50035, the errors by where they are (serenity reads each as a
/// `{code, message}` pair).
pub fn refusal(violations: &[String]) -> Value {
    let errors: Vec<Value> = violations
        .iter()
        .map(|v| json!({ "code": "BASE_TYPE_INVALID", "message": v }))
        .collect();
    json!({ "code": 50035, "message": "Invalid Form Body", "errors": { "_errors": errors } })
}
