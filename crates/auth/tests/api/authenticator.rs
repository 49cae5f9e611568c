//! A software WebAuthn authenticator for the passkey and WebAuthn-factor
//! tests: a P-256 key made here, so every attestation and assertion is signed
//! for real and each refusal is the server's own check.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use p256::ecdsa::signature::Signer;
use p256::ecdsa::{Signature, SigningKey};
use serde_cbor_2::Value as Cbor;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;

/// The test app's site URL: rp id `localhost`.
pub(crate) const ORIGIN: &str = "http://localhost:8080";

pub(crate) fn b64(bytes: &[u8]) -> String {
    URL_SAFE_NO_PAD.encode(bytes)
}

pub(crate) fn unb64(s: &str) -> Vec<u8> {
    URL_SAFE_NO_PAD.decode(s).unwrap()
}

/// One credential of a software authenticator.
pub(crate) struct Device {
    pub(crate) key: SigningKey,
    pub(crate) id: Vec<u8>,
    pub(crate) user_handle: Vec<u8>,
    pub(crate) counter: u32,
}

impl Device {
    pub(crate) fn new() -> Device {
        let key = loop {
            if let Ok(k) = SigningKey::from_slice(&rand::random::<[u8; 32]>()) {
                break k;
            }
        };
        Device {
            key,
            id: rand::random::<[u8; 32]>().to_vec(),
            user_handle: Vec::new(),
            counter: 0,
        }
    }

    pub(crate) fn client_data(kind: &str, challenge: &str, origin: &str) -> Vec<u8> {
        serde_json::to_vec(
            &json!({"type": kind, "challenge": challenge, "origin": origin, "crossOrigin": false}),
        )
        .unwrap()
    }

    /// `navigator.credentials.create()` for `options`, serialised as supabase-js sends it.
    pub(crate) fn create(&mut self, options: &Value) -> Value {
        self.user_handle = unb64(options["user"]["id"].as_str().unwrap());
        let point = self.key.verifying_key().to_encoded_point(false);
        let mut cose = BTreeMap::new();
        cose.insert(Cbor::Integer(1), Cbor::Integer(2));
        cose.insert(Cbor::Integer(3), Cbor::Integer(-7));
        cose.insert(Cbor::Integer(-1), Cbor::Integer(1));
        cose.insert(Cbor::Integer(-2), Cbor::Bytes(point.x().unwrap().to_vec()));
        cose.insert(Cbor::Integer(-3), Cbor::Bytes(point.y().unwrap().to_vec()));
        let rp_id = options["rp"]["id"].as_str().unwrap();
        let mut auth_data = Sha256::digest(rp_id.as_bytes()).to_vec();
        auth_data.push(0x01 | 0x04 | 0x40);
        auth_data.extend_from_slice(&0u32.to_be_bytes());
        auth_data.extend_from_slice(&[0; 16]);
        auth_data.extend_from_slice(&(self.id.len() as u16).to_be_bytes());
        auth_data.extend_from_slice(&self.id);
        auth_data.extend(serde_cbor_2::to_vec(&Cbor::Map(cose)).unwrap());
        let mut object = BTreeMap::new();
        object.insert(Cbor::Text("fmt".into()), Cbor::Text("none".into()));
        object.insert(Cbor::Text("attStmt".into()), Cbor::Map(BTreeMap::new()));
        object.insert(Cbor::Text("authData".into()), Cbor::Bytes(auth_data));
        let client_data = Self::client_data(
            "webauthn.create",
            options["challenge"].as_str().unwrap(),
            ORIGIN,
        );
        json!({
            "id": b64(&self.id), "rawId": b64(&self.id), "type": "public-key",
            "clientExtensionResults": {},
            "response": {
                "attestationObject": b64(&serde_cbor_2::to_vec(&Cbor::Map(object)).unwrap()),
                "clientDataJSON": b64(&client_data),
            },
        })
    }

    /// `navigator.credentials.get()` for `options`, signed with `signer`
    /// (this device's key, unless a test forges).
    pub(crate) fn get_signed_by(&mut self, options: &Value, signer: &SigningKey) -> Value {
        self.counter += 1;
        let rp_id = options["rpId"].as_str().unwrap();
        let mut auth_data = Sha256::digest(rp_id.as_bytes()).to_vec();
        auth_data.push(0x01 | 0x04);
        auth_data.extend_from_slice(&self.counter.to_be_bytes());
        let client_data = Self::client_data(
            "webauthn.get",
            options["challenge"].as_str().unwrap(),
            ORIGIN,
        );
        let mut signed = auth_data.clone();
        signed.extend(Sha256::digest(&client_data));
        let signature: Signature = signer.sign(&signed);
        json!({
            "id": b64(&self.id), "rawId": b64(&self.id), "type": "public-key",
            "clientExtensionResults": {},
            "response": {
                "authenticatorData": b64(&auth_data),
                "clientDataJSON": b64(&client_data),
                "signature": b64(signature.to_der().as_bytes()),
                "userHandle": b64(&self.user_handle),
            },
        })
    }

    pub(crate) fn get(&mut self, options: &Value) -> Value {
        let key = self.key.clone();
        self.get_signed_by(options, &key)
    }
}
