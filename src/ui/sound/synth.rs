//! The game's sounds, synthesised in code (nothing is recorded or downloaded; they are the project's
//! own work under its licence): each a deterministic function from a seed to 16-bit mono samples,
//! written as WAV for Bevy's decoder. Noise, filters and envelopes, no samples of anything real.

/// Samples per second.
pub const RATE: u32 = 22_050;

/// A small deterministic noise source (xorshift).
struct Noise(u32);

impl Noise {
    /// White noise in -1..1.
    fn next(&mut self) -> f32 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.0 = x;
        (x as f32 / u32::MAX as f32) * 2.0 - 1.0
    }
}

/// A one-pole low-pass filter with its cut-off in Hz.
struct LowPass {
    a: f32,
    y: f32,
}

impl LowPass {
    fn new(cutoff: f32) -> LowPass {
        let dt = 1.0 / RATE as f32;
        let rc = 1.0 / (std::f32::consts::TAU * cutoff);
        LowPass { a: dt / (rc + dt), y: 0.0 }
    }

    fn run(&mut self, x: f32) -> f32 {
        self.y += self.a * (x - self.y);
        self.y
    }
}

fn samples(seconds: f32) -> usize {
    (seconds * RATE as f32) as usize
}

fn t(i: usize) -> f32 {
    i as f32 / RATE as f32
}

/// Adds `src` into `out` from sample `at`, scaled by `gain`.
fn mix_in(out: &mut [f32], src: &[f32], at: usize, gain: f32) {
    for (o, s) in out.iter_mut().skip(at).zip(src) {
        *o += s * gain;
    }
}

/// One rifle shot: a bright crack, a short thump, and its echo off the ground.
fn shot(noise: &mut Noise, length: f32) -> Vec<f32> {
    let mut out = vec![0.0; samples(length)];
    let (mut crack, mut echo) = (LowPass::new(5_000.0), LowPass::new(900.0));
    for (i, o) in out.iter_mut().enumerate() {
        let t = t(i);
        let n = noise.next();
        let c = crack.run(n) * (-t / 0.012).exp();
        let thump = (std::f32::consts::TAU * 110.0 * t).sin() * (-t / 0.03).exp() * 0.6;
        let e = echo.run(n) * (-(t - 0.05).max(0.0) / 0.18).exp() * if t > 0.05 { 0.9 } else { t / 0.05 * 0.9 };
        *o = c * 1.4 + thump + e;
    }
    out
}

/// A rifle shot.
pub fn rifle(seed: u32) -> Vec<f32> {
    let mut noise = Noise(seed | 1);
    normalise(shot(&mut noise, 0.7), 0.8)
}

/// A machine gun's burst: ten shots at ten a second, each a little different.
pub fn machine_gun(seed: u32) -> Vec<f32> {
    let mut noise = Noise(seed | 1);
    let mut out = vec![0.0; samples(1.4)];
    for k in 0..10 {
        let s = shot(&mut noise, 0.4);
        let gain = 0.8 + 0.2 * noise.next().abs();
        mix_in(&mut out, &s, samples(0.095 * k as f32), gain);
    }
    normalise(out, 0.8)
}

/// A shell bursting at a distance: a deep, slow boom under a rumble.
pub fn artillery(seed: u32) -> Vec<f32> {
    let mut noise = Noise(seed | 1);
    let (mut low, mut lower) = (LowPass::new(220.0), LowPass::new(60.0));
    let out: Vec<f32> = (0..samples(2.6))
        .map(|i| {
            let t = t(i);
            let n = noise.next();
            let attack = (t / 0.02).min(1.0);
            let boom = low.run(n) * (-t / 0.35).exp() * 3.0;
            let rumble = lower.run(n) * (-t / 0.9).exp() * 9.0;
            let thud = (std::f32::consts::TAU * (48.0 - 14.0 * t.min(1.0)) * t).sin() * (-t / 0.25).exp();
            attack * (boom + rumble + thud)
        })
        .collect();
    normalise(out, 0.9)
}

/// A tank's engine pulling away: a low, uneven throb and the clatter of its tracks.
pub fn engine(seed: u32) -> Vec<f32> {
    let mut noise = Noise(seed | 1);
    let (mut body, mut clatter) = (LowPass::new(300.0), LowPass::new(2_500.0));
    let length = 2.2;
    let out: Vec<f32> = (0..samples(length))
        .map(|i| {
            let t = t(i);
            let f = 34.0 + 6.0 * (t / length);
            let phase = (f * t).fract();
            // A buzzy saw through a filter, beating at the cylinders' firing.
            let saw = body.run(phase * 2.0 - 1.0 + 0.3 * noise.next());
            let throb = 0.65 + 0.35 * (std::f32::consts::TAU * 8.5 * t).sin();
            let tracks = clatter.run(noise.next()) * (0.5 + 0.5 * (std::f32::consts::TAU * 6.0 * t).sin()).powi(8) * 0.8;
            let env = (t / 0.3).min(1.0) * ((length - t) / 0.5).clamp(0.0, 1.0);
            env * (saw * throb * 2.5 + tracks)
        })
        .collect();
    normalise(out, 0.7)
}

/// An assault going in: a roar of many voices rising, with shots and the clash of the melee in it.
pub fn assault(seed: u32) -> Vec<f32> {
    let mut noise = Noise(seed | 1);
    let length = 2.0;
    let mut out = vec![0.0; samples(length)];
    // The roar: band-limited noise swelling and falling, wavering like voices.
    let (mut lo, mut hi) = (LowPass::new(900.0), LowPass::new(250.0));
    for (i, o) in out.iter_mut().enumerate() {
        let t = t(i);
        let n = noise.next();
        let band = lo.run(n) - hi.run(n);
        let swell = (t / 0.6).min(1.0) * ((length - t) / 0.8).clamp(0.0, 1.0);
        let waver = 0.7 + 0.3 * (std::f32::consts::TAU * 5.0 * t).sin() * (std::f32::consts::TAU * 1.3 * t).sin();
        *o = band * swell * waver * 2.2;
    }
    for k in 0..7 {
        let s = shot(&mut noise, 0.35);
        let at = 0.2 + 1.4 * (k as f32 / 7.0) + 0.05 * noise.next();
        mix_in(&mut out, &s, samples(at), 0.45);
    }
    normalise(out, 0.75)
}

/// Dice thrown into a tray: a rattle of clicks, closer together as they settle.
pub fn dice(seed: u32) -> Vec<f32> {
    let mut noise = Noise(seed | 1);
    let mut out = vec![0.0; samples(0.6)];
    let mut at = 0.0;
    for k in 0..7 {
        let click: Vec<f32> = (0..samples(0.025))
            .map(|i| {
                let t = t(i);
                let tone = (std::f32::consts::TAU * (2_300.0 + 400.0 * k as f32) * t).sin();
                (noise.next() * 0.6 + tone * 0.4) * (-t / 0.004).exp()
            })
            .collect();
        mix_in(&mut out, &click, samples(at), 1.0 - k as f32 * 0.1);
        at += 0.11 * 0.72f32.powi(k);
    }
    normalise(out, 0.6)
}

/// The quiet ambient of a front at a distance: wind, and now and then a far-off gun, looping
/// seamlessly over `seconds`.
pub fn ambient(seed: u32, seconds: f32) -> Vec<f32> {
    let mut noise = Noise(seed | 1);
    let fade = 1.5;
    let n = samples(seconds + fade);
    let (mut wind, mut far) = (LowPass::new(400.0), LowPass::new(80.0));
    let mut out: Vec<f32> = (0..n)
        .map(|i| {
            let t = t(i);
            // The wind's gusts repeat with the loop (whole cycles over `seconds`).
            let gust = 0.55
                + 0.3 * (std::f32::consts::TAU * 3.0 * t / seconds).sin()
                + 0.15 * (std::f32::consts::TAU * 7.0 * t / seconds + 1.0).sin();
            wind.run(noise.next()) * gust * 1.2
        })
        .collect();
    for at in [seconds * 0.18, seconds * 0.55, seconds * 0.83] {
        let boom: Vec<f32> = (0..samples(2.5))
            .map(|i| {
                let t = t(i);
                far.run(noise.next()) * (t / 0.05).min(1.0) * (-t / 0.8).exp() * 8.0
            })
            .collect();
        mix_in(&mut out, &boom, samples(at), 0.6);
    }
    // The loop's last `fade` seconds are faded into its first, so that it repeats without a seam.
    let (m, f) = (samples(seconds), samples(fade));
    for i in 0..f {
        let w = i as f32 / f as f32;
        out[i] = out[i] * w + out[m + i] * (1.0 - w);
    }
    out.truncate(m);
    normalise(out, 0.5)
}

/// Scales samples so that their peak is `peak`.
fn normalise(mut s: Vec<f32>, peak: f32) -> Vec<f32> {
    let max = s.iter().fold(0.0f32, |m, x| m.max(x.abs()));
    if max > 0.0 {
        s.iter_mut().for_each(|x| *x *= peak / max);
    }
    s
}

/// The samples as a 16-bit mono WAV file.
pub fn wav(samples: &[f32]) -> Vec<u8> {
    let data = (samples.len() * 2) as u32;
    let mut out = Vec::with_capacity(44 + data as usize);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // mono
    out.extend_from_slice(&RATE.to_le_bytes());
    out.extend_from_slice(&(RATE * 2).to_le_bytes());
    out.extend_from_slice(&2u16.to_le_bytes());
    out.extend_from_slice(&16u16.to_le_bytes());
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data.to_le_bytes());
    for s in samples {
        out.extend_from_slice(&((s.clamp(-1.0, 1.0) * i16::MAX as f32) as i16).to_le_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rms(s: &[f32]) -> f32 {
        (s.iter().map(|x| x * x).sum::<f32>() / s.len() as f32).sqrt()
    }

    #[test]
    fn every_sound_is_audible_within_range_and_the_same_each_time() {
        for (name, s) in [
            ("rifle", rifle(1)),
            ("machine gun", machine_gun(2)),
            ("artillery", artillery(3)),
            ("engine", engine(4)),
            ("assault", assault(5)),
            ("dice", dice(6)),
            ("ambient", ambient(7, 8.0)),
        ] {
            let peak = s.iter().fold(0.0f32, |m, x| m.max(x.abs()));
            assert!(peak > 0.4 && peak <= 1.0, "{name}: peak {peak}");
            assert!(rms(&s) > 0.01, "{name}: silent");
            assert!(s.iter().all(|x| x.is_finite()), "{name}");
        }
        assert_eq!(rifle(9), rifle(9));
    }

    #[test]
    fn a_burst_is_a_train_of_shots_and_a_boom_lasts() {
        let mg = machine_gun(2);
        // Loud at each shot (every 95 ms), quieter between them.
        let at = |s: f32| rms(&mg[samples(s)..samples(s + 0.01)]);
        assert!(at(0.38) > 1.5 * at(0.43), "{} vs {}", at(0.38), at(0.43));
        let boom = artillery(3);
        assert!(rms(&boom[samples(0.5)..samples(0.8)]) > 0.05);
    }

    #[test]
    fn the_ambient_loop_has_no_seam() {
        let a = ambient(7, 8.0);
        assert_eq!(a.len(), samples(8.0));
        // The jump from its last sample back to its first is no bigger than its usual step.
        let steps: Vec<f32> = a.windows(2).map(|w| (w[1] - w[0]).abs()).collect();
        let usual = steps.iter().sum::<f32>() / steps.len() as f32;
        assert!((a[0] - a[a.len() - 1]).abs() < 10.0 * usual.max(1e-3));
    }

    #[test]
    fn wav_header_says_what_follows() {
        let w = wav(&[0.0, 0.5, -0.5]);
        assert_eq!(&w[..4], b"RIFF");
        assert_eq!(&w[8..16], b"WAVEfmt ");
        assert_eq!(u32::from_le_bytes(w[40..44].try_into().unwrap()), 6);
        assert_eq!(w.len(), 44 + 6);
        assert_eq!(i16::from_le_bytes([w[46], w[47]]), i16::MAX / 2);
    }
}
