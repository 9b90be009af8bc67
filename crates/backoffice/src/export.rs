//! `onespace enquiries export`: every stored enquiry as CSV or JSON for the studio, with the
//! visit it was sent in when the visitor consented (`onespace_store::visitors`). CSV cells are
//! always quoted, and cells that a spreadsheet would run as a formula (starting with `=`, `+`,
//! `-`, `@`, tab or carriage return) are prefixed with an apostrophe.

use std::io::Write;

use serde_json::{Map, Value};

use onespace_store::visitors::Step;
use onespace_store::{format_utc, StoredEnquiry};

/// The visit each enquiry was sent in, by enquiry id ([`onespace_store::visitors::visits_of_enquiries`]).
pub type Visits = std::collections::HashMap<String, Vec<Step>>;

/// A visit's steps in one line: `2026-11-27T10:00:00Z landing /hot-yoga (facebook spring); ...`.
fn visit_line(steps: &[Step]) -> String {
    steps
        .iter()
        .map(|step| {
            let from: Vec<&str> = [
                &step.from.referrer,
                &step.from.source,
                &step.from.medium,
                &step.from.campaign,
            ]
            .into_iter()
            .filter(|value| !value.is_empty())
            .map(String::as_str)
            .collect();
            let from = if from.is_empty() {
                String::new()
            } else {
                format!(" ({})", from.join(" "))
            };
            format!(
                "{} {} {}{from}",
                format_utc(step.at),
                step.kind.name(),
                step.page
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// The payload fields, in the export's column order (SPEC section 7's names).
pub const FIELDS: [&str; 13] = [
    "firstName",
    "lastName",
    "name",
    "fullName",
    "email",
    "phone",
    "interest",
    "message",
    "investmentAmount",
    "why",
    "selectedMembership",
    "payAnnually",
    "additionalNotes",
];

/// Export format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// One row per enquiry, a header row first.
    Csv,
    /// An array of objects.
    Json,
}

fn payload(enquiry: &StoredEnquiry) -> Map<String, Value> {
    match serde_json::from_str(&enquiry.payload) {
        Ok(Value::Object(map)) => map,
        _ => Map::new(),
    }
}

/// Writes `enquiries` to `out`, each with its visit from `visits` if it has one.
pub fn write(
    enquiries: &[StoredEnquiry],
    visits: &Visits,
    format: Format,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let visit = |enquiry: &StoredEnquiry| {
        visits
            .get(&enquiry.id)
            .map(Vec::as_slice)
            .unwrap_or_default()
    };
    match format {
        Format::Json => {
            let rows: Vec<Value> = enquiries
                .iter()
                .map(|enquiry| {
                    serde_json::json!({
                        "id": enquiry.id,
                        "receivedAt": format_utc(enquiry.received_at),
                        "form": enquiry.form,
                        "mailedAt": enquiry.mailed_at.map(format_utc),
                        "enquiry": payload(enquiry),
                        "visit": visit(enquiry).iter().map(|step| serde_json::json!({
                            "at": format_utc(step.at),
                            "step": step.kind.name(),
                            "page": step.page,
                            "referrer": step.from.referrer,
                            "source": step.from.source,
                            "medium": step.from.medium,
                            "campaign": step.from.campaign,
                        })).collect::<Vec<_>>(),
                    })
                })
                .collect();
            serde_json::to_writer_pretty(&mut *out, &rows)?;
            writeln!(out)
        }
        Format::Csv => {
            let header = ["id", "receivedAt", "form", "mailedAt"]
                .into_iter()
                .chain(FIELDS)
                .chain(["visit"])
                .map(cell)
                .collect::<Vec<_>>()
                .join(",");
            write!(out, "{header}\r\n")?;
            for enquiry in enquiries {
                let fields = payload(enquiry);
                let mut cells = vec![
                    cell(&enquiry.id),
                    cell(&format_utc(enquiry.received_at)),
                    cell(&enquiry.form),
                    cell(&enquiry.mailed_at.map(format_utc).unwrap_or_default()),
                ];
                cells.extend(FIELDS.iter().map(|name| {
                    cell(
                        fields
                            .get(*name)
                            .and_then(Value::as_str)
                            .unwrap_or_default(),
                    )
                }));
                cells.push(cell(&visit_line(visit(enquiry))));
                write!(out, "{}\r\n", cells.join(","))?;
            }
            Ok(())
        }
    }
}

/// One quoted CSV cell, safe to open in a spreadsheet.
pub fn cell(value: &str) -> String {
    let guarded = if value.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{value}")
    } else {
        value.to_owned()
    };
    format!("\"{}\"", guarded.replace('"', "\"\""))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_quoted_and_formulas_defused() {
        assert_eq!(cell("Jo"), "\"Jo\"");
        assert_eq!(cell("say \"hi\", ok"), "\"say \"\"hi\"\", ok\"");
        assert_eq!(cell("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
        assert_eq!(cell("+44 7700"), "\"'+44 7700\"");
        assert_eq!(cell("-1"), "\"'-1\"");
        assert_eq!(cell("@SUM(A1)"), "\"'@SUM(A1)\"");
        assert_eq!(cell("line\nbreak"), "\"line\nbreak\"");
    }

    #[test]
    fn csv_has_a_header_and_one_row_per_enquiry() {
        let rows = [StoredEnquiry {
            id: "a".into(),
            received_at: 0,
            form: "contact".into(),
            payload: r#"{"formType":"contact","firstName":"=1+1","message":"Hi, \"you\""}"#.into(),
            mailed_at: None,
        }];
        let mut out = Vec::new();
        let step = |at, kind, page: &str, source: &str| Step {
            visit: "v".into(),
            at,
            kind,
            page: page.into(),
            from: onespace_store::visitors::Source {
                source: source.into(),
                ..Default::default()
            },
            enquiry: None,
        };
        let visits = Visits::from([(
            "a".to_owned(),
            vec![
                step(
                    0,
                    onespace_store::visitors::Kind::Landing,
                    "/hot-yoga",
                    "facebook",
                ),
                step(
                    1000,
                    onespace_store::visitors::Kind::Enquiry,
                    "/contact",
                    "",
                ),
            ],
        )]);
        write(&rows, &visits, Format::Csv, &mut out).unwrap_or_else(|error| panic!("{error}"));
        let text = String::from_utf8(out).unwrap_or_default();
        let lines: Vec<&str> = text.split("\r\n").collect();
        assert!(lines[0].starts_with("\"id\",\"receivedAt\",\"form\",\"mailedAt\",\"firstName\""));
        assert!(lines[0].ends_with(",\"visit\""), "{}", lines[0]);
        assert!(lines[1].contains("\"'=1+1\""), "{}", lines[1]);
        assert!(lines[1].contains("\"Hi, \"\"you\"\"\""), "{}", lines[1]);
        assert!(
            lines[1]
                .ends_with("landing /hot-yoga (facebook); 1970-01-01T00:00:01Z enquiry /contact\""),
            "{}",
            lines[1]
        );
    }
}
