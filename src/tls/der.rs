//! Reads a certificate's expiry (notAfter) straight from its DER: a few lines instead of an X.509
//! parser in the binary.

use anyhow::{Result, bail};

/// One DER element: its tag, and its contents with whatever follows it.
fn element(input: &[u8]) -> Result<(u8, &[u8], &[u8])> {
    let (&tag, rest) = input
        .split_first()
        .ok_or_else(|| anyhow::anyhow!("DER ends early"))?;
    let (&first, rest) = rest
        .split_first()
        .ok_or_else(|| anyhow::anyhow!("DER ends early"))?;
    let (len, rest) = if first < 0x80 {
        (first as usize, rest)
    } else {
        let n = (first & 0x7f) as usize;
        if n == 0 || n > 4 || rest.len() < n {
            bail!("DER length is not valid");
        }
        let len = rest[..n]
            .iter()
            .fold(0usize, |acc, &b| (acc << 8) | b as usize);
        (len, &rest[n..])
    };
    if rest.len() < len {
        bail!("DER ends early");
    }
    Ok((tag, &rest[..len], &rest[len..]))
}

/// Seconds since 1970 at which the certificate stops being valid.
pub fn not_after(cert_der: &[u8]) -> Result<i64> {
    let (_, certificate, _) = element(cert_der)?;
    let (_, tbs, _) = element(certificate)?;
    let mut rest = tbs;
    let (tag, _, after) = element(rest)?;
    if tag == 0xa0 {
        // The explicit version comes first when present.
        rest = after;
    }
    // serial, signature algorithm, issuer, then validity.
    for _ in 0..3 {
        rest = element(rest)?.2;
    }
    let (_, validity, _) = element(rest)?;
    let not_before_rest = element(validity)?.2;
    let (tag, time, _) = element(not_before_rest)?;
    parse_time(tag, time)
}

fn parse_time(tag: u8, text: &[u8]) -> Result<i64> {
    let text = std::str::from_utf8(text)?;
    let text = text
        .strip_suffix('Z')
        .ok_or_else(|| anyhow::anyhow!("time is not in UTC"))?;
    let (year, rest) = match tag {
        // UTCTime: two-digit years, 1950 to 2049.
        0x17 if text.len() == 12 => {
            let y: i64 = text[..2].parse()?;
            (if y < 50 { 2000 + y } else { 1900 + y }, &text[2..])
        }
        0x18 if text.len() == 14 => (text[..4].parse()?, &text[4..]),
        _ => bail!("unknown certificate time format"),
    };
    let n = |i: usize| -> Result<i64> { Ok(rest[i..i + 2].parse()?) };
    let (month, day, hour, min, sec) = (n(0)?, n(2)?, n(4)?, n(6)?, n(8)?);
    Ok(days_from_civil(year, month, day) * 86400 + hour * 3600 + min * 60 + sec)
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146097 + doe - 719468
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_count_from_1970() {
        assert_eq!(days_from_civil(1970, 1, 1), 0);
        assert_eq!(days_from_civil(2000, 3, 1), 11017);
        assert_eq!(parse_time(0x17, b"491231235959Z").unwrap(), 2524607999);
        assert_eq!(parse_time(0x18, b"20500101000000Z").unwrap(), 2524608000);
    }
}
