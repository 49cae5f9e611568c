//! `/render/image/…`: image transformation over HTTP (public, authenticated,
//! signed), its headers, its cache and its errors; floods of renderings
//! against the memory budget, and the cache's keys, budget and clean-up.

use std::io::Cursor;

use image::codecs::jpeg::JpegEncoder;
use image::{DynamicImage, RgbImage};
use pleat_storage::transform::image_ops::Estimate;
use pleat_storage::transform::TransformOptions;
use pleat_storage::StorageSettings;
use serde_json::json;

use crate::helpers::{error_of, spawn_app, spawn_app_with, Store, TestApp};

mod cache;
mod memory;
mod requests;

const MIB: u64 = 1024 * 1024;

fn jpeg(w: u32, h: u32) -> Vec<u8> {
    let img = RgbImage::from_fn(w, h, |x, y| {
        image::Rgb([(x % 256) as u8, (y % 256) as u8, 120])
    });
    let mut out = Vec::new();
    DynamicImage::ImageRgb8(img)
        .write_with_encoder(JpegEncoder::new_with_quality(&mut out, 85))
        .unwrap();
    out
}

async fn upload(app: &TestApp, path: &str, body: Vec<u8>, content_type: &str) {
    let res = app
        .client
        .post(app.url(&format!("/object/{path}")))
        .bearer_auth(&app.service_key)
        .header("content-type", content_type)
        .header("cache-control", "max-age=120")
        .header("x-upsert", "true")
        .body(body)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200, "{}", res.text().await.unwrap());
}

fn size_of(bytes: &[u8]) -> (u32, u32) {
    let img = image::ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .unwrap()
        .decode()
        .unwrap();
    (img.width(), img.height())
}

/// Renderings kept in the backend (files) and in the index (rows).
async fn cached(app: &TestApp) -> (usize, i64) {
    let files = app.backend.render_keys().await.unwrap().len();
    let rows = sqlx::query_scalar("select count(*) from storage.renders")
        .fetch_one(&app.owner)
        .await
        .unwrap();
    (files, rows)
}

fn png(img: DynamicImage) -> Vec<u8> {
    let mut out = Vec::new();
    img.write_to(&mut Cursor::new(&mut out), image::ImageFormat::Png)
        .unwrap();
    out
}

/// Pixels no compressor can shrink: the file is as large as the image.
fn noise_png(w: u32, h: u32) -> Vec<u8> {
    let mut seed = 7u32;
    png(DynamicImage::ImageRgb8(RgbImage::from_fn(w, h, |_, _| {
        let mut px = [0u8; 3];
        for p in &mut px {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            *p = (seed >> 16) as u8;
        }
        image::Rgb(px)
    })))
}

fn gradient_png(w: u32, h: u32) -> Vec<u8> {
    png(DynamicImage::ImageRgb8(RgbImage::from_fn(w, h, |x, y| {
        image::Rgb([(x * 20) as u8, (y * 30) as u8, 90])
    })))
}

/// What a render answered: 200, or Storage's real status inside its 400.
async fn outcome(res: reqwest::Response) -> String {
    if res.status() == 200 {
        res.bytes().await.unwrap();
        return "200".into();
    }
    let (status, body) = error_of(res).await;
    format!(
        "{status}/{}: {}",
        body["statusCode"].as_str().unwrap_or("?"),
        body["message"].as_str().unwrap_or("?")
    )
}
