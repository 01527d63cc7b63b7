//! Photos as a phone takes them (issue 12), over real HTTP: what an upload becomes (upright, without
//! a byte of identifying metadata, in WebP variants with a placeholder), every hostile input refused
//! with nothing stored, pages answering while a photo is processed, and raw uploads of an earlier
//! release processed at start.

mod common;

use common::{TestServer, login};
use serde_json::{Value, json};
use std::process::Command;
use studio::store::MediaFile;

/// An upload as a phone's browser sends a photo: its camera name, no declared type.
async fn upload(server: &TestServer, token: &str, bytes: Vec<u8>) -> reqwest::Response {
    common::upload(
        server,
        token,
        "IMG_0001.JPG",
        "application/octet-stream",
        bytes,
    )
    .await
}

/// Strings that the metadata blocks below carry, and the blocks' own signatures.
const IDENTIFYING: [&[u8]; 9] = [
    b"PhoneMaker",
    b"SECRETMODEL",
    b"SERIAL-4711",
    b"Jane Owner",
    b"Exif\0\0",
    b"http://ns.adobe.com/xap/1.0/",
    b"Photoshop 3.0",
    b"8BIM",
    b"XMP ",
];

/// An EXIF block (little-endian TIFF): make, model, orientation, GPS position and a serial number.
fn exif(orientation: u16) -> Vec<u8> {
    let mut data_area: Vec<u8> = Vec::new();
    let ifd0_count = 5u16;
    let ifd0_len = 2 + 12 * usize::from(ifd0_count) + 4;
    let gps_at = 8 + ifd0_len;
    let gps_count = 2u16;
    let gps_len = 2 + 12 * usize::from(gps_count) + 4;
    let data_at = gps_at + gps_len;
    let mut put = |bytes: &[u8]| {
        let at = (data_at + data_area.len()) as u32;
        data_area.extend_from_slice(bytes);
        at
    };
    let make = put(b"PhoneMaker\0");
    let model = put(b"SECRETMODEL\0");
    let serial = put(b"SERIAL-4711\0");
    let lat = put(&[
        48, 0, 0, 0, 1, 0, 0, 0, 51, 0, 0, 0, 1, 0, 0, 0, 30, 0, 0, 0, 1, 0, 0, 0,
    ]);
    let entry = |tag: u16, kind: u16, count: u32, value: u32| {
        let mut e = Vec::new();
        e.extend_from_slice(&tag.to_le_bytes());
        e.extend_from_slice(&kind.to_le_bytes());
        e.extend_from_slice(&count.to_le_bytes());
        e.extend_from_slice(&value.to_le_bytes());
        e
    };
    let mut tiff = b"II*\0\x08\0\0\0".to_vec();
    tiff.extend_from_slice(&ifd0_count.to_le_bytes());
    tiff.extend(entry(0x010F, 2, 11, make));
    tiff.extend(entry(0x0110, 2, 12, model));
    tiff.extend(entry(0x0112, 3, 1, u32::from(orientation)));
    tiff.extend(entry(0x8825, 4, 1, gps_at as u32));
    tiff.extend(entry(0xA431, 2, 12, serial));
    tiff.extend_from_slice(&[0; 4]);
    tiff.extend_from_slice(&gps_count.to_le_bytes());
    tiff.extend(entry(0x0001, 2, 2, u32::from(b'N')));
    tiff.extend(entry(0x0002, 5, 3, lat));
    tiff.extend_from_slice(&[0; 4]);
    tiff.extend(data_area);
    [b"Exif\0\0".as_slice(), &tiff].concat()
}

fn segment(marker: u8, body: &[u8]) -> Vec<u8> {
    let mut s = vec![0xFF, marker];
    s.extend_from_slice(&((body.len() + 2) as u16).to_be_bytes());
    s.extend_from_slice(body);
    s
}

/// A `width` x `height` JPEG, left half red and right half blue, with EXIF (the given
/// orientation), XMP and IPTC blocks naming the camera, its owner and where it was taken.
fn phone_jpeg(width: u32, height: u32, orientation: u16) -> Vec<u8> {
    let img = image::RgbImage::from_fn(width, height, |x, y| {
        if x < width / 2 {
            image::Rgb([220, 20, (y % 7) as u8])
        } else {
            image::Rgb([20, 20, 220])
        }
    });
    let mut plain = Vec::new();
    img.write_to(
        &mut std::io::Cursor::new(&mut plain),
        image::ImageFormat::Jpeg,
    )
    .unwrap();
    let xmp = [
        b"http://ns.adobe.com/xap/1.0/\0".as_slice(),
        b"<x:xmpmeta><dc:creator>Jane Owner</dc:creator></x:xmpmeta>",
    ]
    .concat();
    let iptc = [
        b"Photoshop 3.0\08BIM\x04\x04\0\0\0\0\0\x0e".as_slice(),
        b"\x1c\x02\x50\0\x0aJane Owner",
    ]
    .concat();
    [
        &plain[..2],
        &segment(0xE1, &exif(orientation)),
        &segment(0xE1, &xmp),
        &segment(0xED, &iptc),
        &plain[2..],
    ]
    .concat()
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

#[tokio::test]
async fn a_phone_photo_is_served_upright_without_metadata_in_variants() {
    let server = TestServer::start().await;
    let token = login(&server).await;
    // Taken sideways: stored 2400 x 800, EXIF says "rotate 90 degrees clockwise".
    let raw = phone_jpeg(2400, 800, 6);
    assert!(IDENTIFYING[..4].iter().all(|s| contains(&raw, s)));
    let res = upload(&server, &token, raw).await;
    assert_eq!(res.status(), 201);
    let body: Value = res.json().await.unwrap();
    let url = body["fileUrl"].as_str().unwrap();
    assert!(url.starts_with("/media/") && url.ends_with(".jpg"), "{url}");
    assert_eq!(
        (body["width"].as_u64(), body["height"].as_u64()),
        (Some(800), Some(2400))
    );
    let placeholder = body["placeholder"].as_str().unwrap();
    assert!(
        placeholder.starts_with("data:image/webp;base64,"),
        "{placeholder}"
    );
    assert!(placeholder.len() < 1200, "{} bytes", placeholder.len());
    let variants = body["variants"].as_array().unwrap();
    let widths: Vec<u64> = variants
        .iter()
        .map(|v| v["width"].as_u64().unwrap())
        .collect();
    // Never wider than the upright original (800 px): 480, 800 itself, then the JPEG.
    assert_eq!(widths, [480, 800, 800]);
    assert_eq!(variants[2]["url"], url);
    assert_eq!(variants[2]["type"], "image/jpeg");

    let main = server.get(url).await;
    assert_eq!(main.headers()["content-type"], "image/jpeg");
    let main = main.bytes().await.unwrap();
    let decoded = image::load_from_memory(&main).unwrap().into_rgb8();
    assert_eq!(decoded.dimensions(), (800, 2400));
    // The photo's left half (red) is now on top, its right half (blue) below.
    let top = decoded.get_pixel(400, 300).0;
    let bottom = decoded.get_pixel(400, 2100).0;
    assert!(top[0] > 150 && top[2] < 100, "top {top:?}");
    assert!(bottom[2] > 150 && bottom[0] < 100, "bottom {bottom:?}");

    for v in variants {
        let vurl = v["url"].as_str().unwrap();
        let res = server.get(vurl).await;
        assert_eq!(res.status(), 200, "{vurl}");
        assert_eq!(res.headers()["content-type"], v["type"].as_str().unwrap());
        let bytes = res.bytes().await.unwrap();
        for needle in IDENTIFYING {
            assert!(
                !contains(&bytes, needle),
                "{vurl} carries {:?}",
                String::from_utf8_lossy(needle)
            );
        }
        let img = image::load_from_memory(&bytes).unwrap();
        assert_eq!(
            u64::from(img.width()),
            v["width"].as_u64().unwrap(),
            "{vurl}"
        );
        assert_eq!(
            u64::from(img.height()),
            v["height"].as_u64().unwrap(),
            "{vurl}"
        );
    }

    // A slide with the photo: the home page's data carries its variants, and the shell preloads it.
    let res = server
        .client
        .post(server.url("/api/admin/hero-slides"))
        .bearer_auth(&token)
        .json(
            &json!({ "title": "Upright", "subtitle": "", "imageUrl": url, "buttonText": "",
            "buttonLink": "", "order": -100, "isActive": true }),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 201, "{}", res.text().await.unwrap());
    let html = server.get("/").await.text().await.unwrap();
    let stem = &url[..url.len() - 4];
    assert!(
        html.contains(&format!("{stem}-480.webp")),
        "the page data lists the variants"
    );
    assert!(
        html.contains("imagesrcset=\""),
        "the first slide is preloaded"
    );
    assert!(html.contains(&format!("{stem}-800.webp 800w")));
    server.stop().await;
}

#[tokio::test]
async fn a_large_photo_is_capped_at_2560_and_gets_every_variant() {
    let server = TestServer::start().await;
    let token = login(&server).await;
    let res = upload(&server, &token, phone_jpeg(2600, 1000, 1)).await;
    assert_eq!(res.status(), 201);
    let body: Value = res.json().await.unwrap();
    assert_eq!(
        (body["width"].as_u64(), body["height"].as_u64()),
        (Some(2560), Some(984))
    );
    let widths: Vec<u64> = body["variants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["width"].as_u64().unwrap())
        .collect();
    assert_eq!(widths, [480, 800, 1200, 1600, 2400, 2560]);
    server.stop().await;
}

/// A PNG whose header claims `width` x `height`, with a few compressed rows behind it.
fn png_header(width: u32, height: u32) -> Vec<u8> {
    let chunk = |kind: &[u8], data: &[u8]| {
        let mut crc = flate2::Crc::new();
        crc.update(kind);
        crc.update(data);
        let mut c = (data.len() as u32).to_be_bytes().to_vec();
        c.extend_from_slice(kind);
        c.extend_from_slice(data);
        c.extend_from_slice(&crc.sum().to_be_bytes());
        c
    };
    let mut ihdr = width.to_be_bytes().to_vec();
    ihdr.extend_from_slice(&height.to_be_bytes());
    ihdr.extend_from_slice(&[8, 0, 0, 0, 0]);
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    std::io::Write::write_all(&mut z, &vec![0u8; (width as usize + 1) * 4]).unwrap();
    let idat = z.finish().unwrap();
    [
        b"\x89PNG\r\n\x1a\n".as_slice(),
        &chunk(b"IHDR", &ihdr),
        &chunk(b"IDAT", &idat),
        &chunk(b"IEND", &[]),
    ]
    .concat()
}

fn magick(args: &[&str], out: &std::path::Path) -> Vec<u8> {
    let status = Command::new("convert")
        .args(args)
        .arg(out)
        .status()
        .expect("ImageMagick's convert (installed by .ci/run)");
    assert!(status.success());
    std::fs::read(out).unwrap()
}

#[tokio::test]
async fn hostile_and_broken_images_are_refused_with_nothing_stored() {
    let server = TestServer::start().await;
    let token = login(&server).await;
    let tmp = tempfile::tempdir().unwrap();
    let photo = phone_jpeg(800, 600, 1);
    let bomb = png_header(40_000, 40_000);
    assert!(bomb.len() < 2_000, "a bomb is tiny: {} bytes", bomb.len());
    let cmyk = magick(
        &["-size", "64x48", "gradient:red-blue", "-colorspace", "CMYK"],
        &tmp.path().join("cmyk.jpg"),
    );
    let mut heic = b"\0\0\0\x18ftypheic\0\0\0\0mif1heic".to_vec();
    heic.extend_from_slice(&[0; 64]);
    let cases: Vec<(&str, Vec<u8>, u16, &str)> = vec![
        ("over 50 MP", bomb, 422, "50 megapixels"),
        (
            "truncated PNG",
            png_header(64, 64)[..60].to_vec(),
            422,
            "damaged",
        ),
        (
            "truncated JPEG",
            photo[..photo.len() / 3].to_vec(),
            422,
            "damaged",
        ),
        (
            "not an image",
            b"%PDF-1.7 a document".to_vec(),
            415,
            "Only images",
        ),
        (
            "JPEG header, garbage",
            [&photo[..3], &[0x55; 400][..]].concat(),
            422,
            "",
        ),
        ("HEIC", heic, 415, "convert the photo to JPEG"),
    ];
    for (what, bytes, status, message) in cases {
        let res = upload(&server, &token, bytes).await;
        assert_eq!(res.status().as_u16(), status, "{what}");
        assert_eq!(res.headers()["content-type"], "application/json", "{what}");
        let body: Value = res.json().await.unwrap();
        let text = body["message"].as_str().unwrap();
        assert!(text.contains(message), "{what}: {text}");
    }
    assert!(server.app.store.media_names().unwrap().is_empty());

    // A CMYK JPEG is either converted (upright RGB, like any photo) or refused with a message.
    let res = upload(&server, &token, cmyk).await;
    let status = res.status().as_u16();
    assert!(status == 201 || status == 422, "CMYK: {status}");
    if status == 201 {
        let body: Value = res.json().await.unwrap();
        let bytes = server
            .get(body["fileUrl"].as_str().unwrap())
            .await
            .bytes()
            .await
            .unwrap();
        assert!(image::load_from_memory(&bytes).is_ok());
    }
    // Over upload_max_mb: refused before it is read.
    let res = upload(&server, &token, vec![0xFF; 21 * 1024 * 1024]).await;
    assert_eq!(res.status(), 413);
    assert_eq!(server.get("/").await.status(), 200, "still up");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_answer_while_a_photo_is_processed() {
    let server = TestServer::start().await;
    let token = login(&server).await;
    let photo = phone_jpeg(4000, 3000, 6);
    let uploading = {
        let client = server.client.clone();
        let url = server.url("/api/admin/media-files");
        tokio::spawn(async move {
            let form = reqwest::multipart::Form::new().part(
                "file",
                reqwest::multipart::Part::bytes(photo).file_name("a.jpg"),
            );
            client
                .post(url)
                .bearer_auth(token)
                .multipart(form)
                .send()
                .await
                .unwrap()
                .status()
        })
    };
    let mut answered_meanwhile = 0;
    while !uploading.is_finished() {
        for path in ["/", "/about"] {
            assert_eq!(server.get(path).await.status(), 200, "{path}");
        }
        if !uploading.is_finished() {
            answered_meanwhile += 1;
        }
    }
    assert_eq!(uploading.await.unwrap(), 201);
    assert!(
        answered_meanwhile > 0,
        "no page answered during the processing"
    );
    server.stop().await;
}

#[tokio::test]
async fn raw_uploads_of_an_earlier_release_get_their_variants() {
    let server = TestServer::start().await;
    let raw = phone_jpeg(1200, 900, 6);
    let name = "00112233445566778899aabbccddeeff.jpg";
    server
        .app
        .store
        .put_media(&MediaFile {
            name: name.into(),
            content_type: "image/jpeg".into(),
            bytes: raw,
            created_at_ms: 5,
            image: None,
            variant_of: None,
        })
        .unwrap();
    assert_eq!(
        studio::media::backfill::run(&server.app.store)
            .await
            .unwrap(),
        1
    );
    assert_eq!(
        studio::media::backfill::run(&server.app.store)
            .await
            .unwrap(),
        0,
        "done once"
    );
    let file = server.app.store.media(name).unwrap().unwrap();
    let image = file.image.expect("processed in place");
    assert_eq!((image.width, image.height), (900, 1200));
    for needle in IDENTIFYING {
        assert!(!contains(&file.bytes, needle));
    }
    let infos =
        studio::media::image_infos(&server.app.store, [format!("/media/{name}").as_str()]).unwrap();
    assert_eq!(infos.len(), 1);
    let res = server
        .get("/media/00112233445566778899aabbccddeeff-480.webp")
        .await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-type"], "image/webp");
    server.stop().await;
}
