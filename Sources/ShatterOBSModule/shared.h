// What both transitions share: their drawing program's loading, and the sound crossfaded over the
// transition (as OBS's Fade). Defined in shared.c.
#ifndef SHATTER_OBS_SHARED_H
#define SHATTER_OBS_SHARED_H

#if __has_include(<obs/obs-module.h>)
#include <obs/obs-module.h>

/// The module's data file `name` (an .effect) compiled for OBS's GPU, or NULL with the reason logged.
gs_effect_t *shatter_load_effect(const char *name);

/// obs_transition_audio_render with the two scenes' sound crossfaded.
bool shatter_audio_render(obs_source_t *source, uint64_t *ts_out, struct obs_source_audio_mix *audio, uint32_t mixers,
                          size_t channels, size_t sample_rate);
#endif

#endif
