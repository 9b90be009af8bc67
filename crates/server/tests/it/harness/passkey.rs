//! A software passkey for the staff area's tests: a P-256 key (ES256) that answers the
//! server's WebAuthn options as a device would (W3C WebAuthn level 2: "none" attestation, a
//! discoverable credential with the user's handle, user present and verified), for any site and
//! origin the test names, so a test can also play a look-alike site.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use ring::rand::SystemRandom;
use ring::signature::{EcdsaKeyPair, KeyPair, ECDSA_P256_SHA256_ASN1_SIGNING};
use serde_cbor_2::Value;
use sha2::{Digest, Sha256};

/// Flags of the authenticator data: user present, user verified.
const PRESENT_AND_VERIFIED: u8 = 0x01 | 0x04;
/// Flag: attested credential data follows.
const ATTESTED: u8 = 0x40;

/// One passkey on a software device.
pub struct SoftPasskey {
    key: EcdsaKeyPair,
    id: Vec<u8>,
    user_handle: Vec<u8>,
    counter: u32,
}

fn b64(bytes: &[u8]) -> String {
    URL_SAFE_NO_PAD.encode(bytes)
}

fn unb64(text: &str) -> Vec<u8> {
    URL_SAFE_NO_PAD.decode(text.trim_end_matches('=')).unwrap()
}

fn cbor(value: &Value) -> Vec<u8> {
    serde_cbor_2::to_vec(value).unwrap()
}

fn client_data(kind: &str, challenge: &str, origin: &str) -> Vec<u8> {
    serde_json::json!({ "type": kind, "challenge": challenge, "origin": origin, "crossOrigin": false })
        .to_string()
        .into_bytes()
}

impl SoftPasskey {
    /// Makes a passkey for the server's registration `options` (`{"publicKey": ...}`), for the
    /// site `rp_id` at `origin`: the passkey and the answer to send (JSON).
    pub fn register(options: &serde_json::Value, rp_id: &str, origin: &str) -> (Self, String) {
        let public_key = &options["publicKey"];
        let challenge = public_key["challenge"].as_str().unwrap();
        let user_handle = unb64(public_key["user"]["id"].as_str().unwrap());
        let random = SystemRandom::new();
        let pkcs8 = EcdsaKeyPair::generate_pkcs8(&ECDSA_P256_SHA256_ASN1_SIGNING, &random).unwrap();
        let key =
            EcdsaKeyPair::from_pkcs8(&ECDSA_P256_SHA256_ASN1_SIGNING, pkcs8.as_ref(), &random)
                .unwrap();
        let id: Vec<u8> = Sha256::digest(pkcs8.as_ref())[..16].to_vec();
        // The uncompressed point: 0x04, x, y.
        let point = key.public_key().as_ref().to_vec();
        let cose_key = Value::Map(
            [
                (Value::Integer(1), Value::Integer(2)),
                (Value::Integer(3), Value::Integer(-7)),
                (Value::Integer(-1), Value::Integer(1)),
                (Value::Integer(-2), Value::Bytes(point[1..33].to_vec())),
                (Value::Integer(-3), Value::Bytes(point[33..65].to_vec())),
            ]
            .into_iter()
            .collect(),
        );
        let mut auth_data = Sha256::digest(rp_id.as_bytes()).to_vec();
        auth_data.push(PRESENT_AND_VERIFIED | ATTESTED);
        auth_data.extend_from_slice(&0u32.to_be_bytes());
        auth_data.extend_from_slice(&[0; 16]);
        auth_data.extend_from_slice(&u16::try_from(id.len()).unwrap().to_be_bytes());
        auth_data.extend_from_slice(&id);
        auth_data.extend_from_slice(&cbor(&cose_key));
        let attestation = Value::Map(
            [
                (Value::Text("fmt".into()), Value::Text("none".into())),
                (
                    Value::Text("attStmt".into()),
                    Value::Map(Default::default()),
                ),
                (Value::Text("authData".into()), Value::Bytes(auth_data)),
            ]
            .into_iter()
            .collect(),
        );
        let answer = serde_json::json!({
            "id": b64(&id),
            "rawId": b64(&id),
            "type": "public-key",
            "extensions": {},
            "response": {
                "attestationObject": b64(&cbor(&attestation)),
                "clientDataJSON": b64(&client_data("webauthn.create", challenge, origin)),
                "transports": ["internal"],
            },
        });
        let passkey = Self {
            key,
            id,
            user_handle,
            counter: 0,
        };
        (passkey, answer.to_string())
    }

    /// Signs the server's sign-in `options` as the site `rp_id` at `origin`: the answer (JSON).
    pub fn sign_in(&mut self, options: &serde_json::Value, rp_id: &str, origin: &str) -> String {
        let challenge = options["publicKey"]["challenge"].as_str().unwrap();
        self.counter += 1;
        let mut auth_data = Sha256::digest(rp_id.as_bytes()).to_vec();
        auth_data.push(PRESENT_AND_VERIFIED);
        auth_data.extend_from_slice(&self.counter.to_be_bytes());
        let client_data = client_data("webauthn.get", challenge, origin);
        let mut signed = auth_data.clone();
        signed.extend_from_slice(&Sha256::digest(&client_data));
        let signature = self.key.sign(&SystemRandom::new(), &signed).unwrap();
        serde_json::json!({
            "id": b64(&self.id),
            "rawId": b64(&self.id),
            "type": "public-key",
            "extensions": {},
            "response": {
                "authenticatorData": b64(&auth_data),
                "clientDataJSON": b64(&client_data),
                "signature": b64(signature.as_ref()),
                "userHandle": b64(&self.user_handle),
            },
        })
        .to_string()
    }
}
