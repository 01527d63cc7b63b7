//! Reading a request's body: a JSON object within a size limit (`json_body`), its declared length,
//! and its fields one by one with clear 400 messages (`Fields`).

use super::ApiError;
use crate::site::is_safe_link;
use bytes::Buf;
use futures_util::{Stream, StreamExt};
use serde_json::{Map, Value};
use warp::http::{HeaderMap, StatusCode, header};
use warp::{Filter, Rejection};

/// Largest JSON body any admin call reads.
pub const JSON_BODY_LIMIT: usize = 64 * 1024;

/// Longest link, in characters.
pub const MAX_URL: usize = 2048;

/// A JSON object body of at most `JSON_BODY_LIMIT` bytes, chunked or not; 415 unless it is declared
/// `application/json`, 413 beyond the limit, 400 when it is not JSON or not an object.
pub fn json_body() -> impl Filter<Extract = (Map<String, Value>,), Error = Rejection> + Clone {
    json_body_up_to(JSON_BODY_LIMIT)
}

/// `json_body` with a cap of `limit` bytes (a whole page record's content can pass 64 kB).
pub fn json_body_up_to(
    limit: usize,
) -> impl Filter<Extract = (Map<String, Value>,), Error = Rejection> + Clone {
    super::json_content_type()
        .and(warp::header::headers_cloned())
        .and(warp::body::stream())
        .and_then(move |headers: HeaderMap, body| async move {
            read_json_object(&headers, body, limit)
                .await
                .map_err(warp::reject::custom)
        })
}

async fn read_json_object<S, B>(
    headers: &HeaderMap,
    body: S,
    limit: usize,
) -> Result<Map<String, Value>, ApiError>
where
    S: Stream<Item = Result<B, warp::Error>>,
    B: Buf,
{
    let too_large = || {
        ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("The request body is larger than {} kB", limit / 1024),
        )
    };
    if content_length(headers).is_some_and(|n| n > limit as u64) {
        return Err(too_large());
    }
    let mut bytes = Vec::new();
    futures_util::pin_mut!(body);
    while let Some(chunk) = body.next().await {
        let mut chunk = chunk
            .map_err(|e| ApiError::bad_request(format!("Could not read the request body: {e}")))?;
        if bytes.len() + chunk.remaining() > limit {
            return Err(too_large());
        }
        while chunk.has_remaining() {
            let part = chunk.chunk();
            bytes.extend_from_slice(part);
            let n = part.len();
            chunk.advance(n);
        }
    }
    match serde_json::from_slice::<Value>(&bytes) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Err(ApiError::bad_request(
            "The request body must be a JSON object",
        )),
        Err(e) => Err(ApiError::bad_request(format!(
            "The request body is not valid JSON: {e}"
        ))),
    }
}

/// The declared body length, when the header is there and a number.
pub fn content_length(headers: &HeaderMap) -> Option<u64> {
    headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse().ok())
}

/// A JSON object body, read field by field with clear messages.
pub struct Fields(pub Map<String, Value>);

impl Fields {
    /// A text field as sent (`""` when missing or null); anything but a string is a 400.
    pub fn raw_text(&self, name: &str) -> Result<String, ApiError> {
        match self.0.get(name) {
            None | Some(Value::Null) => Ok(String::new()),
            Some(Value::String(s)) => Ok(s.clone()),
            Some(_) => Err(ApiError::bad_request(format!("{name} must be text"))),
        }
    }

    /// A trimmed text field of at most `max` characters, without control characters (line breaks
    /// and tabs only where `multiline`).
    pub fn text(&self, name: &str, max: usize, multiline: bool) -> Result<String, ApiError> {
        let value = self.raw_text(name)?.trim().to_string();
        if value.chars().count() > max {
            return Err(ApiError::bad_request(format!(
                "{name} must have at most {max} characters"
            )));
        }
        let allowed = |c: char| multiline && matches!(c, '\n' | '\r' | '\t');
        if value.chars().any(|c| c.is_control() && !allowed(c)) {
            return Err(ApiError::bad_request(format!(
                "{name} contains control characters"
            )));
        }
        Ok(value)
    }

    pub fn required_text(&self, name: &str, max: usize) -> Result<String, ApiError> {
        let value = self.text(name, max, false)?;
        if value.is_empty() {
            return Err(ApiError::bad_request(format!("{name} is required")));
        }
        Ok(value)
    }

    /// A link field: empty, `http(s)://…`, or a path on this site.
    pub fn link(&self, name: &str, required: bool) -> Result<String, ApiError> {
        let value = if required {
            self.required_text(name, MAX_URL)?
        } else {
            self.text(name, MAX_URL, false)?
        };
        if !value.is_empty() && !is_safe_link(&value) {
            return Err(ApiError::bad_request(format!(
                "{name} must start with http://, https:// or / (a page of this site)"
            )));
        }
        Ok(value)
    }

    pub fn flag(&self, name: &str, default: bool) -> Result<bool, ApiError> {
        match self.0.get(name) {
            None | Some(Value::Null) => Ok(default),
            Some(Value::Bool(b)) => Ok(*b),
            Some(_) => Err(ApiError::bad_request(format!(
                "{name} must be true or false"
            ))),
        }
    }

    /// An integer, as the admin form parses it: anything that is not a number counts as 0.
    pub fn integer_or_zero(&self, name: &str) -> i64 {
        const LIMIT: f64 = 1e9;
        let number = match self.0.get(name) {
            Some(Value::Number(n)) => n.as_f64(),
            Some(Value::String(s)) => s.trim().parse::<f64>().ok(),
            _ => None,
        };
        number
            .filter(|n| n.is_finite())
            .map(|n| n.trunc().clamp(-LIMIT, LIMIT) as i64)
            .unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_falls_back_to_zero() {
        let f = |v: Value| {
            let mut m = Map::new();
            m.insert("order".into(), v);
            Fields(m).integer_or_zero("order")
        };
        assert_eq!(f(Value::from(3)), 3);
        assert_eq!(f(Value::from(-2)), -2);
        assert_eq!(f(Value::from(2.9)), 2);
        assert_eq!(f(Value::from("7")), 7);
        assert_eq!(f(Value::from("seven")), 0);
        assert_eq!(f(Value::Null), 0);
        assert_eq!(f(Value::Bool(true)), 0);
        assert_eq!(f(Value::from(1e300)), 1_000_000_000);
        assert_eq!(Fields(Map::new()).integer_or_zero("order"), 0);
    }
}
