//! The public site: the application's responses (`app`), every page's markup, the prepared
//! encodings, pages following the calendar, the class timetable, the chat's facts and the photos.

mod app;
mod calendar;
mod chat;
mod encodings;
mod images;
mod markup;
mod timetable;
