//! Standard base64 decoding (RFC 4648, padded) for WebDriver's screenshots: a few lines instead of a crate.

/// The bytes `text` encodes, or which character or length is wrong.
pub fn decode(text: &str) -> Result<Vec<u8>, String> {
    let text = text.trim_end_matches('=');
    let mut bytes = Vec::with_capacity(text.len() * 3 / 4);
    // Bits read but not yet written out, most significant first, and how many of them there are.
    let (mut bits, mut count) = (0u32, 0u32);
    for (at, c) in text.bytes().enumerate() {
        let value = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return Err(format!("base64: {:?} at {at} is not in the alphabet", c as char)),
        };
        bits = (bits << 6) | u32::from(value);
        count += 6;
        if count >= 8 {
            count -= 8;
            bytes.push((bits >> count) as u8);
            bits &= (1 << count) - 1;
        }
    }
    // One character left over carries only 6 bits: no whole byte, so the text was cut short.
    if text.len() % 4 == 1 {
        return Err(format!("base64: {} characters cannot be whole bytes", text.len()));
    }
    Ok(bytes)
}

#[test]
fn base64_decodes_rfc_4648s_examples_and_refuses_what_is_not_base64() {
    let cases = [
        ("", ""),
        ("Zg==", "f"),
        ("Zm8=", "fo"),
        ("Zm9v", "foo"),
        ("Zm9vYg==", "foob"),
        ("Zm9vYmE=", "fooba"),
        ("Zm9vYmFy", "foobar"),
    ];
    for (encoded, plain) in cases {
        assert_eq!(decode(encoded).unwrap(), plain.as_bytes(), "{encoded}");
    }
    assert_eq!(decode("//8A+g==").unwrap(), [0xff, 0xff, 0x00, 0xfa]);
    assert!(decode("Zm9v!").is_err());
    assert!(decode("Zm9vY").is_err());
}
