//! Sound, for every board: effects for what the rules just did — rifle and machine-gun fire,
//! artillery, tank engines, assaults, dice — and a quiet ambient loop under the game. The presenters
//! say what a command sounded like by pushing [`Sound`]s into [`SoundCues`] (their reading of its
//! typed events, as they write the board's animation cues); the dice tray pushes `Dice` for every
//! throw it shows. The sounds are synthesised at start (`synth`); the volumes and the mute (F8) are
//! in the settings.

pub mod synth;

use std::collections::BTreeMap;
use std::sync::Arc;

use bevy::audio::{AudioPlayer, AudioSink, AudioSinkPlayback, AudioSource, PlaybackSettings, Volume};
use bevy::prelude::*;

use crate::ai::Evaluators;
use crate::engine::Ruleset;
use crate::ui::Playing;
use crate::ui::computer_turn::player_side;
use crate::ui::screens::EventShown;
use crate::ui::session::{Change, GameSession};
use crate::ui::settings::Settings;
use crate::ui::widgets::typed_lines;

/// What a command sounded like.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Sound {
    Rifle,
    MachineGun,
    Artillery,
    Engine,
    Assault,
    Dice,
}

impl Sound {
    pub const ALL: [Sound; 6] = [Sound::Rifle, Sound::MachineGun, Sound::Artillery, Sound::Engine, Sound::Assault, Sound::Dice];

    fn samples(self) -> Vec<f32> {
        match self {
            Sound::Rifle => synth::rifle(11),
            Sound::MachineGun => synth::machine_gun(12),
            Sound::Artillery => synth::artillery(13),
            Sound::Engine => synth::engine(14),
            Sound::Assault => synth::assault(15),
            Sound::Dice => synth::dice(16),
        }
    }
}

/// The sounds of the command the window has just played, pushed by the presenters; played and
/// cleared every frame.
#[derive(Resource, Default, Debug)]
pub struct SoundCues(pub Vec<Sound>);

impl SoundCues {
    pub fn push(&mut self, s: Sound) {
        self.0.push(s);
    }
}

/// What an event of a ruleset sounds like: its presenter's reading.
pub type SoundOf<R> = fn(&GameSession<R>, &<R as Ruleset>::Event) -> Option<Sound>;

/// The system that plays the cues: the presenters push theirs before it.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct PlaySounds;

/// Hears the events of each command played in `GameSession<R>` (not while the computer's turn is
/// skipped), as the player may read them (`shown`: a hidden unit's doing makes no sound), through
/// the presenter's `sound_of`.
pub fn sound_systems<R: Evaluators>(app: &mut App, screen: Playing, shown: EventShown<R>, sound_of: SoundOf<R>) {
    app.add_systems(
        Update,
        (move |session: Option<Res<GameSession<R>>>, seen: Local<Option<u64>>, cues: ResMut<SoundCues>| {
            hear::<R>(shown, sound_of, session, seen, cues)
        })
        .in_set(crate::ui::Frame::Visuals)
        .before(PlaySounds)
        .run_if(in_state(screen)),
    );
}

fn hear<R: Evaluators>(
    shown: EventShown<R>,
    sound_of: SoundOf<R>,
    session: Option<Res<GameSession<R>>>,
    mut seen: Local<Option<u64>>,
    mut cues: ResMut<SoundCues>,
) {
    let Some(session) = session else { return };
    if *seen == Some(session.revision) {
        return;
    }
    *seen = Some(session.revision);
    if session.last_change != Change::Played || session.playback.skipping() {
        return;
    }
    let reader = player_side(&session).or_else(|| session.side_to_move());
    let readable = reader.as_ref().map(|side| shown(&session, side));
    for (_, ev) in typed_lines(&session.log, session.new_from, session.game.journal()) {
        if let Some(ev) = ev
            && readable.as_ref().is_none_or(|f| f(ev))
            && let Some(s) = sound_of(&session, ev)
        {
            cues.push(s);
        }
    }
}

/// The synthesised sounds.
#[derive(Resource)]
struct Sounds {
    effects: BTreeMap<Sound, Handle<AudioSource>>,
    ambient: Handle<AudioSource>,
}

/// The ambient loop's player.
#[derive(Component)]
struct Ambient;

/// How long the ambient loop is, in seconds.
const AMBIENT_SECONDS: f32 = 24.0;

fn synthesise(mut commands: Commands, mut sources: ResMut<Assets<AudioSource>>) {
    let mut add = |samples: Vec<f32>| sources.add(AudioSource { bytes: Arc::from(synth::wav(&samples)) });
    let effects = Sound::ALL.iter().map(|s| (*s, add(s.samples()))).collect();
    let ambient = add(synth::ambient(17, AMBIENT_SECONDS));
    commands.insert_resource(Sounds { effects, ambient });
}

/// The effects' volume as set, nothing when muted.
fn effects_volume(s: &Settings) -> f32 {
    if s.muted { 0.0 } else { s.effects_volume }
}

/// The ambient loop's volume as set, nothing when muted.
fn ambient_volume(s: &Settings) -> f32 {
    if s.muted { 0.0 } else { s.ambient_volume }
}

/// Plays this frame's cues: each sound once, however many times it was pushed, and at most three
/// different ones (a command with many results would otherwise be a din).
fn play_cues(mut commands: Commands, mut cues: ResMut<SoundCues>, sounds: Option<Res<Sounds>>, settings: Res<Settings>) {
    if cues.0.is_empty() {
        return;
    }
    let mut wanted = std::mem::take(&mut cues.0);
    let volume = effects_volume(&settings);
    let Some(sounds) = sounds else { return };
    if volume <= 0.0 {
        return;
    }
    let mut seen = Vec::new();
    wanted.retain(|s| {
        let new = !seen.contains(s);
        seen.push(*s);
        new
    });
    for s in wanted.into_iter().take(3) {
        if let Some(h) = sounds.effects.get(&s) {
            commands.spawn((AudioPlayer(h.clone()), PlaybackSettings::DESPAWN.with_volume(Volume::Linear(volume))));
        }
    }
}

/// Starts the ambient loop once the sounds are made, and keeps its volume as set.
fn ambient(
    mut commands: Commands,
    sounds: Option<Res<Sounds>>,
    settings: Res<Settings>,
    mut playing: Query<&mut AudioSink, With<Ambient>>,
    started: Query<(), With<Ambient>>,
) {
    let Some(sounds) = sounds else { return };
    let volume = ambient_volume(&settings);
    if started.is_empty() {
        commands.spawn((Ambient, AudioPlayer(sounds.ambient.clone()), PlaybackSettings::LOOP.with_volume(Volume::Linear(volume))));
        return;
    }
    if settings.is_changed() {
        for mut sink in &mut playing {
            sink.set_volume(Volume::Linear(volume));
        }
    }
}

/// F8 mutes and unmutes every sound (and saves the setting).
fn mute_key(keys: Res<ButtonInput<KeyCode>>, mut settings: ResMut<Settings>) {
    if keys.just_pressed(KeyCode::F8) {
        settings.muted = !settings.muted;
        if let Err(e) = settings.save() {
            warn!("settings not saved: {e}");
        }
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<SoundCues>()
        .add_systems(Startup, synthesise)
        .add_systems(Update, (mute_key, ambient, play_cues.in_set(PlaySounds).in_set(crate::ui::Frame::Visuals)));
}
