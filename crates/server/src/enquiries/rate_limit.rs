//! A per-client token bucket for enquiry posts: a client may send `per_minute` posts at once
//! (the burst) and then one more every `60 / per_minute` seconds. Buckets live in memory per
//! process, which is enough to stop a flood; a full bucket is forgotten, so the map stays small.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Buckets kept before full ones are swept.
const SWEEP_AT: usize = 10_000;

#[derive(Debug, Clone, Copy)]
struct Bucket {
    tokens: f64,
    updated: Instant,
}

/// The limiter shared by every worker thread.
#[derive(Debug)]
pub struct RateLimiter {
    per_minute: u32,
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
}

impl RateLimiter {
    /// `per_minute` posts a minute per client, with a burst of as many; 0 turns the limit off.
    pub fn new(per_minute: u32) -> Self {
        Self {
            per_minute,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes a token for `client`, or says how long until one is free.
    pub fn check(&self, client: IpAddr) -> Result<(), Duration> {
        self.check_at(client, Instant::now())
    }

    fn check_at(&self, client: IpAddr, now: Instant) -> Result<(), Duration> {
        if self.per_minute == 0 {
            return Ok(());
        }
        let capacity = f64::from(self.per_minute);
        let per_second = capacity / 60.0;
        let mut buckets = self
            .buckets
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if buckets.len() >= SWEEP_AT {
            buckets.retain(|_, bucket| {
                bucket.tokens + now.duration_since(bucket.updated).as_secs_f64() * per_second
                    < capacity
            });
        }
        let bucket = buckets.entry(client).or_insert(Bucket {
            tokens: capacity,
            updated: now,
        });
        let refilled =
            bucket.tokens + now.duration_since(bucket.updated).as_secs_f64() * per_second;
        bucket.tokens = refilled.min(capacity);
        bucket.updated = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            Ok(())
        } else {
            Err(Duration::from_secs_f64((1.0 - bucket.tokens) / per_second))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allows_the_burst_then_one_per_interval_per_client() {
        let limiter = RateLimiter::new(10);
        let start = Instant::now();
        let a = IpAddr::from([192, 0, 2, 1]);
        let b = IpAddr::from([192, 0, 2, 2]);
        for _ in 0..10 {
            assert!(limiter.check_at(a, start).is_ok());
        }
        let wait = limiter.check_at(a, start).err().unwrap_or_default();
        assert!((5.9..=6.1).contains(&wait.as_secs_f64()), "{wait:?}");
        assert!(limiter.check_at(b, start).is_ok());
        assert!(limiter.check_at(a, start + Duration::from_secs(6)).is_ok());
        assert!(limiter.check_at(a, start + Duration::from_secs(6)).is_err());
    }

    #[test]
    fn zero_turns_the_limit_off() {
        let limiter = RateLimiter::new(0);
        for _ in 0..1_000 {
            assert!(limiter.check(IpAddr::from([192, 0, 2, 1])).is_ok());
        }
    }
}
