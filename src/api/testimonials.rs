//! `/api/admin/testimonials`: clients' words on the portfolio page.

use super::ApiError;
use super::body::Fields;
use super::resource::{Resource, order_or_last};
use crate::store::{Rule, Testimonial, testimonial_rule};
use serde::Serialize;

const MAX_QUOTE: usize = 1000;
const MAX_NAME: usize = 100;
const MAX_ROLE: usize = 200;

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TestimonialJson {
    pub id: u64,
    pub quote: String,
    pub name: String,
    pub role: String,
    pub is_active: bool,
    pub order: i64,
}

impl From<Testimonial> for TestimonialJson {
    fn from(t: Testimonial) -> TestimonialJson {
        TestimonialJson {
            id: t.id,
            quote: t.quote,
            name: t.name,
            role: t.role,
            is_active: t.is_active,
            order: t.order,
        }
    }
}

pub struct Testimonials;

impl Resource for Testimonials {
    type Record = Testimonial;
    type Json = TestimonialJson;
    const PATH: &'static str = "testimonials";
    const NOUN: &'static str = "Testimonial";
    const ORDERED: bool = true;

    fn input(f: &Fields) -> Result<Testimonial, ApiError> {
        let quote = f.text("quote", MAX_QUOTE, true)?;
        if quote.is_empty() {
            return Err(ApiError::bad_request("quote is required"));
        }
        Ok(Testimonial {
            id: 0,
            quote,
            name: f.required_text("name", MAX_NAME)?,
            role: f.text("role", MAX_ROLE, false)?,
            is_active: f.flag("isActive", true)?,
            order: order_or_last(f),
        })
    }

    fn rule() -> Rule<'static, Testimonial> {
        &testimonial_rule
    }
}
