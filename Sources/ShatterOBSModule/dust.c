// The Shatter dust scene transition: the outgoing scene turns to dust that drifts away, revealing the
// incoming one (`shatter join --transition dust`). The layer split is uploaded once as a texture; per
// frame only the visible layers' poses (at most 64, two float4 texels each, from the Swift half's
// DustLayerMotion) go to the GPU, as a small float texture (OBS's GLSL has no uniform arrays), where
// dust.effect composites them over the incoming scene.
#if __has_include(<obs/obs-module.h>)
#include <obs/obs-module.h>
#include <pthread.h>

#include <shatter_obs.h>

#include "shared.h"

struct shatter_dust {
    obs_source_t *source;
    gs_effect_t *effect;
    gs_eparam_t *image, *assignment, *anchor, *view_size, *layer_count, *layers;

    // Written by update (OBS's UI thread), read by the render thread: taken under the lock.
    pthread_mutex_t lock;
    struct shatter_obs_dust_settings settings;

    // The render thread's alone, made again only when the canvas or the settings change.
    void *dust;
    gs_texture_t *owners;
    gs_texture_t *layer_texture;  // the poses, 2 × SHATTER_OBS_DUST_MAX_LAYERS float texels, set each frame
    float poses[SHATTER_OBS_DUST_MAX_LAYERS * SHATTER_OBS_DUST_FLOATS_PER_LAYER];
    struct shatter_obs_dust_settings built;
    uint32_t built_cx, built_cy;
    bool attempted;
};

static const char *dust_get_name(void *type_data)
{
    UNUSED_PARAMETER(type_data);
    return "Shatter dust";
}

static void dust_update(void *data, obs_data_t *settings)
{
    struct shatter_dust *dust = data;
    struct shatter_obs_dust_settings read = {
        .layers = (int)obs_data_get_int(settings, "layers"),
        .drift = obs_data_get_double(settings, "drift"),
        .seed = (uint64_t)obs_data_get_int(settings, "seed"),
    };
    pthread_mutex_lock(&dust->lock);
    dust->settings = read;
    pthread_mutex_unlock(&dust->lock);
}

static void *dust_create(obs_data_t *settings, obs_source_t *source)
{
    gs_effect_t *effect = shatter_load_effect("dust.effect");
    if (!effect)
        return NULL;
    struct shatter_dust *dust = bzalloc(sizeof(*dust));
    dust->source = source;
    dust->effect = effect;
    dust->image = gs_effect_get_param_by_name(effect, "image");
    dust->assignment = gs_effect_get_param_by_name(effect, "assignment");
    dust->anchor = gs_effect_get_param_by_name(effect, "anchor");
    dust->view_size = gs_effect_get_param_by_name(effect, "view_size");
    dust->layer_count = gs_effect_get_param_by_name(effect, "layer_count");
    dust->layers = gs_effect_get_param_by_name(effect, "layers");
    pthread_mutex_init(&dust->lock, NULL);
    dust_update(dust, settings);
    return dust;
}

static void dust_release(struct shatter_dust *dust)
{
    gs_texture_destroy(dust->owners);
    dust->owners = NULL;
    gs_texture_destroy(dust->layer_texture);
    dust->layer_texture = NULL;
    shatter_obs_dust_destroy(dust->dust);
    dust->dust = NULL;
}

static void dust_destroy(void *data)
{
    struct shatter_dust *dust = data;
    obs_enter_graphics();
    dust_release(dust);
    gs_effect_destroy(dust->effect);
    obs_leave_graphics();
    pthread_mutex_destroy(&dust->lock);
    bfree(dust);
}

// The dust and its split's texture for this canvas and these settings (render thread, graphics context
// held): made at the first frame after either changes. False where none could be made.
static bool dust_prepare(struct shatter_dust *dust, const struct shatter_obs_dust_settings *settings, uint32_t cx,
                         uint32_t cy)
{
    if (dust->attempted && dust->built_cx == cx && dust->built_cy == cy && dust->built.layers == settings->layers &&
        dust->built.drift == settings->drift && dust->built.seed == settings->seed)
        return dust->owners != NULL;
    dust_release(dust);
    dust->attempted = true;
    dust->built = *settings;
    dust->built_cx = cx;
    dust->built_cy = cy;
    dust->dust = shatter_obs_dust_create(cx, cy, settings);
    if (!dust->dust)
        return false;
    size_t size = (size_t)cx * cy * 4;
    uint8_t *owners = bmalloc(size);
    if (shatter_obs_dust_assignment(dust->dust, owners, size)) {
        const uint8_t *planes[1] = {owners};
        dust->owners = gs_texture_create(cx, cy, GS_RGBA, 1, planes, 0);
    }
    bfree(owners);
    dust->layer_texture = gs_texture_create(2, SHATTER_OBS_DUST_MAX_LAYERS, GS_RGBA32F, 1, NULL, GS_DYNAMIC);
    return dust->owners != NULL && dust->layer_texture != NULL;
}

static void dust_copy(struct shatter_dust *dust, gs_texture_t *texture, uint32_t cx, uint32_t cy)
{
    gs_effect_set_texture(dust->image, texture);
    while (gs_effect_loop(dust->effect, "Copy"))
        gs_draw_sprite(texture, 0, cx, cy);
}

static void dust_callback(void *data, gs_texture_t *a, gs_texture_t *b, float t, uint32_t cx, uint32_t cy)
{
    struct shatter_dust *dust = data;
    pthread_mutex_lock(&dust->lock);
    struct shatter_obs_dust_settings settings = dust->settings;
    pthread_mutex_unlock(&dust->lock);

    const bool srgb = gs_framebuffer_srgb_enabled();
    gs_enable_framebuffer_srgb(false);
    gs_blend_state_push();
    gs_enable_blending(false);
    if (!dust_prepare(dust, &settings, cx, cy)) {
        dust_copy(dust, t < 0.5f ? a : b, cx, cy);  // a canvas no dust fits: a cut halfway
    } else {
        size_t count = shatter_obs_dust_frame(dust->dust, (double)t * shatter_obs_dust_seconds(dust->dust),
                                              dust->poses, SHATTER_OBS_DUST_MAX_LAYERS);
        dust_copy(dust, b, cx, cy);
        if (count) {
            // The layers' colour is premultiplied: over the incoming scene, once.
            gs_enable_blending(true);
            gs_blend_function(GS_BLEND_ONE, GS_BLEND_INVSRCALPHA);
            struct vec2 anchor = {{{(float)cx / 2.0f, (float)cy / 2.0f}}};
            struct vec2 size = {{{(float)cx, (float)cy}}};
            gs_effect_set_texture(dust->image, a);
            gs_effect_set_texture(dust->assignment, dust->owners);
            gs_effect_set_vec2(dust->anchor, &anchor);
            gs_effect_set_vec2(dust->view_size, &size);
            gs_effect_set_int(dust->layer_count, (int)count);
            gs_texture_set_image(dust->layer_texture, (const uint8_t *)dust->poses,
                                 SHATTER_OBS_DUST_FLOATS_PER_LAYER * sizeof(float), false);
            gs_effect_set_texture(dust->layers, dust->layer_texture);
            while (gs_effect_loop(dust->effect, "Dust"))
                gs_draw_sprite(NULL, 0, cx, cy);
        }
    }
    gs_blend_state_pop();
    gs_enable_framebuffer_srgb(srgb);
}

static void dust_video_render(void *data, gs_effect_t *effect)
{
    struct shatter_dust *dust = data;
    UNUSED_PARAMETER(effect);
    obs_transition_video_render(dust->source, dust_callback);
}

static bool dust_audio_render(void *data, uint64_t *ts_out, struct obs_source_audio_mix *audio, uint32_t mixers,
                              size_t channels, size_t sample_rate)
{
    struct shatter_dust *dust = data;
    return shatter_audio_render(dust->source, ts_out, audio, mixers, channels, sample_rate);
}

static void dust_defaults(obs_data_t *settings)
{
    obs_data_set_default_int(settings, "layers", 32);
    obs_data_set_default_double(settings, "drift", 0.5);
    obs_data_set_default_int(settings, "seed", 0);
}

static obs_properties_t *dust_properties(void *data)
{
    UNUSED_PARAMETER(data);
    obs_properties_t *props = obs_properties_create();
    obs_properties_add_int_slider(props, "layers", "Layers of dust", 1, SHATTER_OBS_DUST_MAX_LAYERS, 1);
    obs_property_t *drift = obs_properties_add_float_slider(props, "drift", "Drift", 0, 1, 0.01);
    obs_property_set_long_description(drift, "How far the dust drifts: 60 × 30 points times this (0.5: the "
                                             "original's 30 × 15)");
    obs_properties_add_int(props, "seed", "Seed", 0, 1000000, 1);
    return props;
}

struct obs_source_info shatter_dust_info = {
    .id = "shatter_dust_transition",
    .type = OBS_SOURCE_TYPE_TRANSITION,
    .get_name = dust_get_name,
    .create = dust_create,
    .destroy = dust_destroy,
    .update = dust_update,
    .get_defaults = dust_defaults,
    .get_properties = dust_properties,
    .video_render = dust_video_render,
    .audio_render = dust_audio_render,
};
#endif
