//! Consultations booked online: free slots from the owner's weekly hours in the studio's zone
//! (`slots`), the rules from the stored settings (`rules`), the invitation as iCalendar bytes
//! (`ical`) and the visitor's signed cancel/move links (`links`).

pub mod caps;
pub mod ical;
pub mod links;
pub mod rules;
pub mod slots;
