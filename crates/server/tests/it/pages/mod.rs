//! The public site: the application's responses (`app`), every page's markup, the prepared
//! encodings, pages following the calendar, the class timetable and the photos.

mod app;
mod calendar;
mod encodings;
mod images;
mod markup;
mod timetable;
