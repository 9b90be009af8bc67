//! The `onespace` command: `serve` the site, `render` it as static files, `enquiries export` the
//! stored enquiries, `content init`/`content check` the studio's content folder, `images check`
//! a folder of photos, `schedule check` the studio's TeamUp account, or `studio add-user` a
//! staff member of the staff area.

use std::path::PathBuf;

use actix_web::{web, HttpServer};
use anyhow::Context;
use clap::{Parser, Subcommand};
use onespace_backoffice::cli::StaffRole;
use onespace_backoffice::export::{self, Format};
use onespace_backoffice::{StaffArea, StaffClock};
use onespace_images as images;
use onespace_server::config::{Config, ServeArgs, ServeConfig};
use onespace_server::content_source::Source as ContentSource;
use onespace_server::enquiries::Enquiries;
use onespace_server::mail::{Deliverer, Worker};
use onespace_server::{backup, launch};
use onespace_server::{build_app, build_site, build_site_with};
use onespace_site::clock::RenderClock;
use onespace_site::{static_render, LiveSite, Site};
use onespace_store::published::versions;
use onespace_store::{Store, SQLITE_FILE};

#[derive(Debug, Parser)]
#[command(name = "onespace", version, about = "The One Space website")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Serve the website.
    Serve(Box<ServeArgs>),
    /// List every blocker and warning that stands between the site and launch day, with where
    /// to fix each, from the same configuration as `serve` (the same flags and variables);
    /// exit status 1 while a blocker is left. Asks TeamUp once, as `schedule check` does.
    LaunchCheck(Box<ServeArgs>),
    /// Write a checked copy of the database into the backups' folder while the site serves
    /// (SQLite; the photos uploaded in the studio are in it). On PostgreSQL it says how to
    /// use pg_dump instead. Use the same data folder and settings as `serve`.
    Backup {
        #[command(flatten)]
        database: DatabaseArgs,
    },
    /// Restore a backup as the data folder's database, refused while a server runs on the
    /// folder; the database it replaces is copied into the backups' folder first.
    Restore {
        /// The backup (a `.sqlite3` file that `onespace backup` or the nightly backup wrote).
        file: PathBuf,
        #[command(flatten)]
        database: DatabaseArgs,
    },
    /// Print the route table as JSON (path, title, header mode, sitemap flag), for tooling and
    /// the end-to-end tests.
    Routes {
        /// Whether each route is in the sitemap on this date (as `serve --preview-date`).
        #[arg(long, env = "ONESPACE_PREVIEW_DATE")]
        preview_date: Option<String>,
        /// Date the offers from this content folder instead of the built-in content (as
        /// `serve --content`).
        #[arg(long = "content", env = "ONESPACE_CONTENT_DIR")]
        content: Option<PathBuf>,
    },
    /// Write every page and asset as static files.
    Render {
        /// Output folder.
        #[arg(long)]
        out: PathBuf,
        /// Public origin used in canonical links.
        #[arg(long, env = "ONESPACE_PUBLIC_URL", default_value = onespace_server::config::DEFAULT_PUBLIC_URL)]
        public_url: String,
        /// Render the site as it will be (or was) on this date (as `serve --preview-date`).
        #[arg(long, env = "ONESPACE_PREVIEW_DATE")]
        preview_date: Option<String>,
        /// Render from this content folder instead of the built-in content (as `serve --content`).
        #[arg(long = "content", env = "ONESPACE_CONTENT_DIR")]
        content: Option<PathBuf>,
        /// Data folder holding the photos' cache (as `serve --data`).
        #[arg(long = "data", env = "ONESPACE_DATA_DIR", default_value = "./data")]
        data_dir: PathBuf,
    },
    /// The studio's photos.
    Images {
        #[command(subcommand)]
        command: ImagesCommand,
    },
    /// The studio's stored enquiries.
    Enquiries {
        #[command(subcommand)]
        command: EnquiriesCommand,
    },
    /// The studio's booking account (TeamUp).
    Schedule {
        #[command(subcommand)]
        command: ScheduleCommand,
    },
    /// The studio's content files (prices, offers, contact details, team, photos...): write the
    /// default out to edit, or check a folder.
    Content {
        #[command(subcommand)]
        command: ContentCommand,
    },
    /// The staff area at /studio.
    Studio {
        #[command(subcommand)]
        command: StudioCommand,
    },
}

#[derive(Debug, Subcommand)]
enum StudioCommand {
    /// Add a staff account and print its set-up link (single use, valid for 24 hours), where
    /// they choose a password and add an authenticator app. Works with the server running or
    /// not; use the same data folder or DATABASE_URL as `serve`. For an address that has an
    /// account not yet set up, prints a new link (the old one stops working).
    AddUser {
        /// Their e-mail address: their sign-in name.
        email: String,
        /// Owner (everything, staff and the audit log included) or editor (enquiries and content).
        #[arg(long, value_enum)]
        role: RoleArg,
        /// Public origin the link starts with (as `serve`).
        #[arg(long, env = "ONESPACE_PUBLIC_URL", default_value = onespace_server::config::DEFAULT_PUBLIC_URL)]
        public_url: String,
        /// Data folder holding the SQLite database (as `serve`).
        #[arg(long = "data", env = "ONESPACE_DATA_DIR", default_value = "./data")]
        data_dir: PathBuf,
        /// PostgreSQL URL, when the site uses one (as `serve`).
        #[arg(long, env = "DATABASE_URL", hide_env_values = true)]
        database_url: Option<String>,
        /// The staff area's moved clock (as `serve`; never set in production).
        #[arg(long, env = "ONESPACE_STUDIO_CLOCK_FILE", hide = true)]
        studio_clock_file: Option<PathBuf>,
    },
    /// Print the staff area's route table as JSON (path, methods, who may use it).
    Routes,
}

/// A staff role on the command line.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum RoleArg {
    /// Everything.
    Owner,
    /// Enquiries and content.
    Editor,
}

#[derive(Debug, Subcommand)]
enum ContentCommand {
    /// Write the built-in content files into a folder to edit (never replaces a file).
    Init {
        /// The folder (created if needed).
        dir: PathBuf,
    },
    /// Check a content folder as the server would load it, its photos included (prepared into
    /// the data folder's cache, so the server then finds them ready); prints every mistake with
    /// its file and line and exits with status 1 if there is one (for CI or a pre-commit hook).
    Check {
        /// The folder.
        dir: PathBuf,
        /// Data folder holding the photos' cache.
        #[arg(long = "data", env = "ONESPACE_DATA_DIR", default_value = "./data")]
        data_dir: PathBuf,
    },
    /// Publish a content folder as the site's live content: checked as `content check` checks
    /// it (refused whole on any mistake), then stored in the database as a new version, which
    /// every server running without --content serves within seconds. Photos are not carried:
    /// they stay in the server's photo folder. Use the same data folder or DATABASE_URL as
    /// `serve`.
    Import {
        /// The folder.
        dir: PathBuf,
        /// Why, kept with the version.
        #[arg(long, default_value = "")]
        note: String,
        #[command(flatten)]
        database: DatabaseArgs,
    },
    /// Write the database's live content into a folder to edit (never replaces a file); the
    /// built-in content while the database has none. Use the same data folder or DATABASE_URL
    /// as `serve`.
    Export {
        /// The folder (created if needed).
        dir: PathBuf,
        #[command(flatten)]
        database: DatabaseArgs,
    },
}

/// Where the site's database is, as `serve` is told.
#[derive(Debug, clap::Args)]
struct DatabaseArgs {
    /// Data folder holding the SQLite database (as `serve`).
    #[arg(long = "data", env = "ONESPACE_DATA_DIR", default_value = "./data")]
    data_dir: PathBuf,
    /// PostgreSQL URL, when the site uses one (as `serve`).
    #[arg(long, env = "DATABASE_URL", hide_env_values = true)]
    database_url: Option<String>,
    /// Where a backup goes (as `serve`), the one taken before a migration too.
    #[command(flatten)]
    backups: backup::BackupDir,
}

impl DatabaseArgs {
    /// Runs `work` on the opened store, then closes it.
    fn with_store<T>(
        &self,
        work: impl AsyncFnOnce(&Store) -> anyhow::Result<T>,
    ) -> anyhow::Result<T> {
        let database_url = self
            .database_url
            .as_deref()
            .filter(|url| !url.trim().is_empty());
        std::fs::create_dir_all(&self.data_dir).with_context(|| {
            format!(
                "ONESPACE_DATA_DIR (--data): cannot create {}",
                self.data_dir.display()
            )
        })?;
        actix_web::rt::System::new().block_on(async {
            let backups = self.backups.resolve(&self.data_dir);
            let store = Store::open_with_backups(database_url, &self.data_dir, &backups).await?;
            let outcome = work(&store).await;
            store.close().await;
            outcome
        })
    }
}

#[derive(Debug, Subcommand)]
enum ScheduleCommand {
    /// Ask the provider once, with the configuration `serve` uses, whether the studio's account
    /// answers: authenticated or not and why, the account's name, the public classes of the
    /// next days (the first three as the timetable shows them), documented fields that were
    /// missing, and whether the widget script loads. Exit status 1 on any problem.
    Check {
        /// Read `schedule.toml` from this content folder instead of the built-in content (as
        /// `serve --content`).
        #[arg(long = "content", env = "ONESPACE_CONTENT_DIR")]
        content: Option<PathBuf>,
        /// The widget script (as `serve --schedule-script-url`).
        #[arg(long, env = "ONESPACE_SCHEDULE_SCRIPT_URL", default_value = onespace_site::widget_source::TEAMUP_SCRIPT_URL)]
        schedule_script_url: String,
        /// The provider's API and key (as `serve`).
        #[command(flatten)]
        schedule: onespace_server::timetable::ScheduleArgs,
    },
}

#[derive(Debug, Subcommand)]
enum ImagesCommand {
    /// Prepare every photo of a folder as `serve` does (variants cached in the data folder, so
    /// the server then finds them ready) and print each file's result or error; exits with
    /// status 1 when any file cannot be used.
    Check {
        /// Folder of photos.
        #[arg(default_value = onespace_images::DEFAULT_SOURCE_DIR)]
        dir: PathBuf,
        /// Data folder holding the variants' cache.
        #[arg(long = "data", env = "ONESPACE_DATA_DIR", default_value = "./data")]
        data_dir: PathBuf,
    },
}

#[derive(Debug, Subcommand)]
enum EnquiriesCommand {
    /// Write every stored enquiry to standard output as CSV or JSON.
    Export {
        /// Output format.
        #[arg(long, value_enum)]
        format: Format,
        /// Data folder holding the SQLite database.
        #[arg(long = "data", env = "ONESPACE_DATA_DIR", default_value = "./data")]
        data_dir: PathBuf,
        /// PostgreSQL URL, when the site stores enquiries there.
        #[arg(long, env = "DATABASE_URL", hide_env_values = true)]
        database_url: Option<String>,
    },
}

fn main() -> anyhow::Result<()> {
    let _log_writer = init_logging();
    match Cli::parse().command {
        Command::Serve(args) => {
            let config = args.validate()?;
            if args.stop_when_stdin_closes {
                stop_when_stdin_closes();
            }
            serve(config)
        }
        Command::LaunchCheck(args) => launch_check(&args.validate()?),
        Command::Backup { database } => backup_now(&database),
        Command::Restore { file, database } => restore(&file, &database),
        Command::Routes {
            preview_date,
            content,
        } => {
            let now = RenderClock::from_preview(preview_date.as_deref())?.now();
            let content = ContentSource::from_option(content.as_deref())
                .load()
                .map_err(onespace_site::site::ContentErrors)?;
            let listed =
                |route: &_| onespace_site::pages::campaigns::listed(route, &content.offers, now);
            println!(
                "{}",
                onespace_site::routes::table_json(listed, &content.offers)
            );
            Ok(())
        }
        Command::Images {
            command: ImagesCommand::Check { dir, data_dir },
        } => check_images(&dir, &data_dir),
        Command::Enquiries {
            command:
                EnquiriesCommand::Export {
                    format,
                    data_dir,
                    database_url,
                },
        } => export_enquiries(format, &data_dir, database_url.as_deref()),
        Command::Content { command } => content(command),
        Command::Studio {
            command:
                StudioCommand::AddUser {
                    email,
                    role,
                    public_url,
                    data_dir,
                    database_url,
                    studio_clock_file,
                },
        } => studio_add_user(
            &email,
            role,
            &public_url,
            &data_dir,
            database_url.as_deref(),
            StaffClock::new(studio_clock_file),
        ),
        Command::Studio {
            command: StudioCommand::Routes,
        } => {
            println!("{}", onespace_backoffice::routes_json());
            Ok(())
        }
        Command::Schedule {
            command:
                ScheduleCommand::Check {
                    content,
                    schedule_script_url,
                    schedule,
                },
        } => check_schedule(content.as_deref(), &schedule_script_url, &schedule),
        Command::Render {
            out,
            public_url,
            preview_date,
            content,
            data_dir,
        } => {
            let config = Config {
                public_url: onespace_server::config::public_origin(&public_url)?,
                clock: RenderClock::from_preview(preview_date.as_deref())?,
                content: ContentSource::from_option(content.as_deref()),
                ..Config::for_rendering()
            };
            let site = build_site(&config)?;
            // Unlike `serve`, which starts at once and shows the photos when ready, a render
            // waits for them: the files it writes are final.
            let (library, errors) =
                images::prepare(&config.content.images_dir(), &images::cache_dir(&data_dir));
            for error in &errors {
                eprintln!("photo left out: {error}");
            }
            let mut context = site.context().clone();
            context.images = std::sync::Arc::new(library);
            let site = Site::render(context, site.assets.clone());
            let count = static_render::write_site(&site, &out)
                .with_context(|| format!("writing the site to {}", out.display()))?;
            println!("wrote {count} files to {}", out.display());
            Ok(())
        }
    }
}

#[actix_web::main]
async fn serve(config: ServeConfig) -> anyhow::Result<()> {
    let launch_settings = config.launch_settings();
    let ServeConfig {
        site: config,
        enquiries: settings,
        schedule,
        studio_clock,
        launch: _,
        backups,
        visitors,
    } = config;
    std::fs::create_dir_all(&config.data_dir).with_context(|| {
        format!(
            "ONESPACE_DATA_DIR (--data): cannot create {}",
            config.data_dir.display()
        )
    })?;
    // Held until the server stops: `onespace restore` refuses to run while it is.
    let _data_lock = backup::hold_shared(&config.data_dir)?;
    let backup_dir = backups.dir.resolve(&config.data_dir);
    let store = Store::open_with_backups(
        settings.database_url.as_deref(),
        &config.data_dir,
        &backup_dir,
    )
    .await?;
    let nightly = backups
        .nightly_backups
        .then(|| actix_web::rt::spawn(backup::nightly(store.clone(), backup_dir)));
    // A content folder is the source while it is named; otherwise the database's live version
    // (content::versions says why there is only ever one source).
    let preparing = std::time::Instant::now();
    let (site, following) = match &config.content {
        ContentSource::Folder(_) => (build_site(&config)?, None),
        ContentSource::Embedded => {
            let (number, content) = versions::at_start(&store).await?;
            tracing::info!(number, "content: serving the database's live version");
            (build_site_with(&config, content)?, Some(number))
        }
    };
    let site = web::Data::new(LiveSite::new(site, config.best_compression));
    tracing::info!(
        millis = preparing.elapsed().as_millis() as u64,
        "pages and assets prepared"
    );
    let following = following.map(|number| {
        // The photos uploaded in the studio that the live version names: read from the
        // database and prepared in the background, like the folder's.
        actix_web::rt::spawn(onespace_server::tasks::photo_refresh::refresh(
            site.clone().into_inner(),
            store.clone(),
            images::cache_dir(&config.data_dir),
        ));
        actix_web::rt::spawn(onespace_server::tasks::content_follow::follow(
            store.clone(),
            site.clone().into_inner(),
            number,
            images::cache_dir(&config.data_dir),
        ))
    });
    // Scheduled content changes go live on whichever node claims them first; only while the
    // database is the content's source (a folder named at start is the one source otherwise).
    let publishing = following.is_some().then(|| {
        actix_web::rt::spawn(onespace_store::published::scheduled::run(
            store.clone(),
            studio_clock.clone(),
        ))
    });
    onespace_server::tasks::calendar::render_at_boundaries(site.clone().into_inner(), config.clock);
    // Kept until the server stops: dropping it stops watching the content folder.
    let content_watch = onespace_server::tasks::content_watch::start(
        site.clone().into_inner(),
        config.content.clone(),
        images::cache_dir(&config.data_dir),
    )
    .context("starting the content reload thread")?;
    #[cfg(unix)]
    actix_web::rt::spawn(onespace_server::tasks::content_watch::reload_on_hangup(
        content_watch.requests(),
    ));
    onespace_server::tasks::photo_prepare::prepare_then_render(
        site.clone().into_inner(),
        config.content.images_dir(),
        images::cache_dir(&config.data_dir),
    );
    let deliverer = Deliverer::new(&settings.mail.destination)?;
    tracing::info!(database = store.kind(), mail = %deliverer.describe(), "enquiries ready");
    let enquiries = web::Data::new(Enquiries::new(
        store.clone(),
        settings.rate_limit_per_minute,
        settings.proxy.clone(),
        &config.public_url,
    ));
    let mail_folder = match &settings.mail.destination {
        onespace_server::mail::config::Destination::Folder(dir) => Some(dir.clone()),
        onespace_server::mail::config::Destination::Smtp(_) => None,
    };
    let content_folder = match &config.content {
        ContentSource::Folder(dir) => Some(dir.clone()),
        ContentSource::Embedded => None,
    };
    let keys = onespace_backoffice::sealing::Keys::load(
        std::env::var(onespace_backoffice::sealing::KEY_VARIABLE)
            .ok()
            .as_deref(),
        &config.data_dir,
    )?;
    let resealed = onespace_backoffice::sealing::reseal(&store, &keys).await?;
    if resealed > 0 {
        tracing::info!(
            resealed,
            "staff area: second-factor secrets sealed with the first key"
        );
    }
    let staff_area = web::Data::new(
        StaffArea::new(
            store.clone(),
            studio_clock,
            &config.public_url,
            settings.proxy.clone(),
            keys,
            mail_folder,
            content_folder,
            images::cache_dir(&config.data_dir),
        )
        .with_visits_retention(visitors.retention),
    );
    let launch_list = web::Data::new(launch::staff_list(
        site.clone().into_inner(),
        store.clone(),
        launch_settings,
    ));
    let tidying = actix_web::rt::spawn(tidy_staff_area(staff_area.clone(), settings.retention));
    let worker = Worker::new(
        store.clone(),
        deliverer,
        settings.mail,
        enquiries.wake.clone(),
        settings.retention,
    );
    let (stop_worker, worker_stop) = tokio::sync::watch::channel(false);
    let worker = actix_web::rt::spawn(worker.run(worker_stop.clone()));
    onespace_server::tasks::timetable_refresh::restore(&site, &store).await;
    let timetable = actix_web::rt::spawn(onespace_server::tasks::timetable_refresh::run(
        schedule,
        site.clone(),
        store.clone(),
        worker_stop.clone(),
    ));
    let visitors = web::Data::new(onespace_server::visitors::Visitors::new(
        visitors,
        &config.public_url,
        settings.proxy.clone(),
    ));
    // Written every few seconds and once more after the last request (`visitors::flush`).
    let counting = actix_web::rt::spawn(onespace_server::visitors::flush::run(
        visitors.clone().into_inner(),
        store.clone(),
        worker_stop.clone(),
    ));
    let server = HttpServer::new(move || {
        build_app(site.clone())
            .app_data(visitors.clone())
            .app_data(enquiries.clone())
            .app_data(staff_area.clone())
            .app_data(launch_list.clone())
    })
    .shutdown_timeout(SHUTDOWN_GRACE_SECONDS)
    .bind(config.addr)
    .with_context(|| format!("ONESPACE_ADDR (--addr): cannot listen on {}", config.addr))?;
    for addr in server.addrs() {
        tracing::info!(%addr, "serving http://{addr}");
    }
    let served = server.run().await;
    // Let the worker finish and mark the batch in hand before the store closes under it.
    let _ = stop_worker.send(true);
    let _ = worker.await;
    let _ = timetable.await;
    let _ = counting.await;
    tidying.abort();
    if let Some(nightly) = nightly {
        nightly.abort();
    }
    if let Some(following) = following {
        following.abort();
    }
    if let Some(publishing) = publishing {
        publishing.abort();
    }
    store.close().await;
    drop(content_watch);
    served?;
    Ok(())
}

/// How long a stop (SIGTERM, SIGINT) waits for requests in progress before closing their
/// connections, instead of actix's 30 s. Storing an enquiry takes milliseconds; what can take
/// longer is a client still sending its body, and that visitor is better told at once (their
/// browser shows the connection closed and they send again) than holding the stop. With the mail
/// worker's batch then marked, the server exits within about five seconds.
const SHUTDOWN_GRACE_SECONDS: u64 = 3;

/// Tidies the staff area's tables every hour: ended sessions, old failures, expired set-up
/// links, and audit lines past the retention period.
async fn tidy_staff_area(staff_area: web::Data<StaffArea>, retention: std::time::Duration) {
    loop {
        staff_area.tidy(retention).await;
        tokio::time::sleep(std::time::Duration::from_secs(3600)).await;
    }
}

/// `onespace studio add-user`: prints the set-up link, or why not (status 1).
fn studio_add_user(
    email: &str,
    role: RoleArg,
    public_url: &str,
    data_dir: &std::path::Path,
    database_url: Option<&str>,
    clock: StaffClock,
) -> anyhow::Result<()> {
    let public_url = onespace_server::config::public_origin(public_url)?;
    let database_url = database_url.filter(|url| !url.trim().is_empty());
    std::fs::create_dir_all(data_dir).with_context(|| {
        format!(
            "ONESPACE_DATA_DIR (--data): cannot create {}",
            data_dir.display()
        )
    })?;
    let role = match role {
        RoleArg::Owner => StaffRole::Owner,
        RoleArg::Editor => StaffRole::Editor,
    };
    let outcome = actix_web::rt::System::new().block_on(async {
        let store = Store::open(database_url, data_dir).await?;
        let outcome =
            onespace_backoffice::cli::add_user(&store, email, role, &public_url, &clock).await;
        store.close().await;
        outcome
    })?;
    match outcome {
        Ok(line) => {
            println!("{line}");
            Ok(())
        }
        Err(reason) => {
            eprintln!("{reason}");
            std::process::exit(1);
        }
    }
}

/// `onespace content init` and `onespace content check`.
fn content(command: ContentCommand) -> anyhow::Result<()> {
    match command {
        ContentCommand::Init { dir } => {
            for path in onespace_server::content_source::init(&dir)? {
                println!("wrote {}", path.display());
            }
            println!(
                "edit the files, check them with 'onespace content check {0}', then serve them \
                 with 'onespace serve --content {0}'",
                dir.display()
            );
            Ok(())
        }
        ContentCommand::Import {
            dir,
            note,
            database,
        } => {
            use onespace_server::content_source::transfer::{import, Imported};
            match database.with_store(async |store| import(store, &dir, &note).await)? {
                Imported::Stored {
                    number,
                    uploads,
                    photos_left,
                } => {
                    println!(
                        "{}: stored as content version {number}, now live: every server \
                         without --content on this database serves it within seconds",
                        dir.display()
                    );
                    if uploads > 0 {
                        println!("{uploads} uploaded photo(s) from images/uploads/ stored with it");
                    }
                    if photos_left {
                        println!(
                            "the other photos in its images/ folder were not imported: they are \
                             served from the server's own photo folder"
                        );
                    }
                    Ok(())
                }
                Imported::Unchanged(number) => {
                    println!(
                        "{}: the same as content version {number}, which is live: nothing stored",
                        dir.display()
                    );
                    Ok(())
                }
                Imported::Refused(mistakes) => {
                    for mistake in &mistakes {
                        eprintln!("{mistake}");
                    }
                    eprintln!(
                        "{}: {} mistake(s); nothing was imported, the live content is unchanged",
                        dir.display(),
                        mistakes.len()
                    );
                    std::process::exit(1);
                }
            }
        }
        ContentCommand::Export { dir, database } => {
            let (number, written) = database.with_store(async |store| {
                onespace_server::content_source::transfer::export(store, &dir).await
            })?;
            for path in &written {
                println!("wrote {}", path.display());
            }
            match number {
                Some(number) => println!("content version {number}, the live one"),
                None => println!("the built-in content: the database has no version yet"),
            }
            Ok(())
        }
        ContentCommand::Check { dir, data_dir } => {
            let mut mistakes: Vec<String> = match onespace_server::content_source::load_dir(&dir) {
                Ok(_) => Vec::new(),
                Err(errors) => errors.iter().map(ToString::to_string).collect(),
            };
            let photos = ContentSource::Folder(dir.clone()).images_dir();
            let (library, errors) = images::prepare(&photos, &images::cache_dir(&data_dir));
            mistakes.extend(errors.iter().map(ToString::to_string));
            if mistakes.is_empty() {
                println!(
                    "{}: the content is valid ({} photos ready)",
                    dir.display(),
                    library.photos().count()
                );
                return Ok(());
            }
            for mistake in &mistakes {
                eprintln!("{mistake}");
            }
            eprintln!("{}: {} mistake(s) found", dir.display(), mistakes.len());
            std::process::exit(1);
        }
    }
}

/// Backups and restores work on the data folder's SQLite file: a PostgreSQL `DATABASE_URL` is
/// told pg_dump's route before anything is opened, an SQLite one to use the data folder.
fn only_the_data_folders_database(database: &DatabaseArgs) -> anyhow::Result<()> {
    let Some(url) = database
        .database_url
        .as_deref()
        .filter(|url| !url.trim().is_empty())
    else {
        return Ok(());
    };
    if url.starts_with("sqlite:") {
        anyhow::bail!(
            "DATABASE_URL names an SQLite file: backups and restores work on the data folder's \
             {SQLITE_FILE}; unset DATABASE_URL and name the data folder with --data"
        );
    }
    anyhow::bail!("{}", onespace_store::backup::BackupError::Postgres);
}

/// `onespace backup`: the copy's path and its tables' counts, status 1 when it failed.
fn backup_now(database: &DatabaseArgs) -> anyhow::Result<()> {
    only_the_data_folders_database(database)?;
    let dir = database.backups.resolve(&database.data_dir);
    let taken = database.with_store(async |store| Ok(backup::take(store, &dir).await))?;
    match taken {
        Ok((path, verified)) => {
            println!("{}", path.display());
            println!(
                "checked: integrity ok, schema {}; {}",
                verified.schema_version,
                verified.summary()
            );
            Ok(())
        }
        Err(error) => {
            eprintln!("backup failed: {error:#}");
            std::process::exit(1);
        }
    }
}

/// `onespace restore FILE`: what was restored, or why not (status 1).
fn restore(file: &std::path::Path, database: &DatabaseArgs) -> anyhow::Result<()> {
    only_the_data_folders_database(database)?;
    let restored = actix_web::rt::System::new().block_on(backup::restore(
        file,
        &database.data_dir,
        &database.backups.resolve(&database.data_dir),
    ));
    match restored {
        Ok(restored) => {
            if let Some(previous) = &restored.previous {
                println!(
                    "the database it replaced was copied to {}",
                    previous.display()
                );
            }
            println!(
                "restored {} into {} (schema {}; {}); start the server",
                file.display(),
                database.data_dir.display(),
                restored.verified.schema_version,
                restored.verified.summary()
            );
            Ok(())
        }
        Err(error) => {
            eprintln!("not restored: {error:#}");
            std::process::exit(1);
        }
    }
}

/// `onespace launch-check`: the list on standard output, status 1 while a blocker is left.
fn launch_check(config: &ServeConfig) -> anyhow::Result<()> {
    let data_dir = &config.site.data_dir;
    std::fs::create_dir_all(data_dir).with_context(|| {
        format!(
            "ONESPACE_DATA_DIR (--data): cannot create {}",
            data_dir.display()
        )
    })?;
    let (content, owner) = actix_web::rt::System::new().block_on(async {
        let store = Store::open_with_backups(
            config.enquiries.database_url.as_deref(),
            data_dir,
            &config.backups.dir.resolve(data_dir),
        )
        .await?;
        let content = launch::live_content(&store, &config.site.content).await;
        let owner = launch::owner_set_up(&store).await;
        store.close().await;
        anyhow::Ok((content?, owner?))
    })?;
    let key = match &config.schedule.credentials {
        None => launch::KeyState::Missing,
        Some(_) => {
            let mut report = Vec::new();
            onespace_server::timetable::check::run(
                &config.schedule,
                &content.schedule,
                &config.site.schedule_widget.script_url,
                chrono::Utc::now(),
                &mut report,
            )?;
            let problems: Vec<String> = String::from_utf8_lossy(&report)
                .lines()
                .filter_map(|line| line.strip_prefix("problem: "))
                .map(str::to_owned)
                .collect();
            if problems.is_empty() {
                launch::KeyState::Accepted
            } else {
                launch::KeyState::Refused(problems)
            }
        }
    };
    let settings = config.launch_settings();
    let items = launch::check(&settings.facts(&content, owner, key));
    let stdout = std::io::stdout();
    if launch::print(&items, &mut stdout.lock())? > 0 {
        std::process::exit(1);
    }
    Ok(())
}

/// `onespace schedule check`: the report on standard output, status 1 on any problem.
fn check_schedule(
    content: Option<&std::path::Path>,
    script_url: &str,
    args: &onespace_server::timetable::ScheduleArgs,
) -> anyhow::Result<()> {
    let config = args.validate()?;
    let content = ContentSource::from_option(content)
        .load()
        .map_err(onespace_site::site::ContentErrors)?;
    let stdout = std::io::stdout();
    let problems = onespace_server::timetable::check::run(
        &config,
        &content.schedule,
        script_url,
        chrono::Utc::now(),
        &mut stdout.lock(),
    )?;
    if problems > 0 {
        std::process::exit(1);
    }
    Ok(())
}

/// `onespace images check`: one line per file, `ok` with its size and variants or `error` with
/// the reason, then a summary.
fn check_images(dir: &std::path::Path, data_dir: &std::path::Path) -> anyhow::Result<()> {
    if !dir.is_dir() {
        anyhow::bail!("{}: no such folder of photos", dir.display());
    }
    let (library, errors) = images::prepare(dir, &images::cache_dir(data_dir));
    for (name, photo) in library.photos() {
        let widths: Vec<String> = photo
            .of_format(images::Format::Jpeg)
            .map(|variant| variant.width.to_string())
            .collect();
        println!(
            "ok     {name}: {} x {}, {} variants ({} px wide)",
            photo.width,
            photo.height,
            photo.variants.len(),
            widths.join(", ")
        );
    }
    for error in &errors {
        println!("error  {error}");
    }
    println!(
        "{} photos ready, {} unusable; {} variants encoded, the rest read from {}",
        library.photos().count(),
        errors.len(),
        library.encoded(),
        images::cache_dir(data_dir).display()
    );
    if !errors.is_empty() {
        std::process::exit(1);
    }
    Ok(())
}

/// `onespace enquiries export`: reads the SQLite file in `data_dir`, or `database_url`.
fn export_enquiries(
    format: Format,
    data_dir: &std::path::Path,
    database_url: Option<&str>,
) -> anyhow::Result<()> {
    let database_url = database_url.filter(|url| !url.trim().is_empty());
    if database_url.is_none() && !data_dir.join(SQLITE_FILE).exists() {
        anyhow::bail!(
            "ONESPACE_DATA_DIR (--data): no enquiry database at {}",
            data_dir.join(SQLITE_FILE).display()
        );
    }
    let (enquiries, visits) = actix_web::rt::System::new().block_on(async {
        let store = Store::open(database_url, data_dir).await?;
        let all = store.all().await;
        let visits = onespace_store::visitors::visits_of_enquiries(&store).await;
        store.close().await;
        Ok::<_, onespace_store::StorageError>((all?, visits?))
    })?;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    export::write(&enquiries, &visits, format, &mut out)?;
    std::io::Write::flush(&mut out)?;
    Ok(())
}

/// Log filter without `RUST_LOG`: everything at info (start-up, enquiries, mail, not-found
/// paths, errors) except the line per request, which a reverse proxy usually writes already and
/// which costs the busy server a share of its core (`RUST_LOG=info` turns it on).
const DEFAULT_LOG_FILTER: &str = "info,onespace::http=warn";

/// Structured logs: `ONESPACE_LOG_FORMAT=json` for JSON lines, otherwise human-readable;
/// `RUST_LOG` filters (default [`DEFAULT_LOG_FILTER`]). Lines are written to stderr by a
/// background thread, so a request never waits on the log's write; the returned guard flushes it
/// at exit.
fn init_logging() -> tracing_appender::non_blocking::WorkerGuard {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(DEFAULT_LOG_FILTER));
    let (writer, guard) = tracing_appender::non_blocking(std::io::stderr());
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        // Colours only on a terminal: a log file or journal gets plain text.
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_writer(writer);
    if std::env::var("ONESPACE_LOG_FORMAT").as_deref() == Ok("json") {
        builder.json().init();
    } else {
        builder.init();
    }
    guard
}

/// Exits when standard input reaches end of file (the parent process has gone).
fn stop_when_stdin_closes() {
    std::thread::spawn(|| {
        let mut sink = Vec::new();
        let _ = std::io::Read::read_to_end(&mut std::io::stdin(), &mut sink);
        tracing::info!("standard input closed: stopping");
        std::process::exit(0);
    });
}
