// What both transitions share (shared.h).
#if __has_include(<obs/obs-module.h>)
#include "shared.h"

gs_effect_t *shatter_load_effect(const char *name)
{
    char *file = obs_module_file(name);
    obs_enter_graphics();
    gs_effect_t *effect = file ? gs_effect_create_from_file(file, NULL) : NULL;
    obs_leave_graphics();
    bfree(file);
    if (!effect)
        blog(LOG_ERROR, "[shatter] %s would not load (missing from the plugin's data folder, or not compiled: see "
                        "above); reinstall with Tools/install-obs.sh", name);
    return effect;
}

static float shatter_mix_a(void *data, float t)
{
    UNUSED_PARAMETER(data);
    return 1.0f - t;
}

static float shatter_mix_b(void *data, float t)
{
    UNUSED_PARAMETER(data);
    return t;
}

bool shatter_audio_render(obs_source_t *source, uint64_t *ts_out, struct obs_source_audio_mix *audio, uint32_t mixers,
                          size_t channels, size_t sample_rate)
{
    return obs_transition_audio_render(source, ts_out, audio, mixers, channels, sample_rate, shatter_mix_a,
                                       shatter_mix_b);
}
#endif
