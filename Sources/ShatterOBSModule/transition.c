// The Shatter scene transition: OBS hands the callback both scenes as textures; the outgoing one's
// pieces are drawn as quads (two triangles each: OBS's effect language has no point size) over the
// incoming one, on OBS's GPU with shatter.effect. Per frame only the pieces' corners, which the Swift
// half computes from the project's own motion (shatter_obs.h), go to the GPU, into one vertex buffer
// made at the first frame; nothing is read back and nothing allocated after that first frame.
#if __has_include(<obs/obs-module.h>)
#include <obs/obs-module.h>
#include <pthread.h>
#include <string.h>

#include <shatter_obs.h>

#include "shared.h"

struct shatter_transition {
    obs_source_t *source;
    gs_effect_t *effect;
    gs_eparam_t *image;

    // Written by update (OBS's UI thread), read by the render thread: taken under the lock.
    pthread_mutex_t lock;
    struct shatter_obs_settings settings;
    bool reverse;

    // The render thread's alone: the pieces and the vertex buffer for one canvas and one set of
    // settings, made again only when either changes.
    void *pieces;
    gs_vertbuffer_t *vertices;
    size_t capacity;
    struct shatter_obs_settings built;
    uint32_t built_cx, built_cy;
    bool attempted;
};

static const char *shatter_get_name(void *type_data)
{
    UNUSED_PARAMETER(type_data);
    return "Shatter";
}

static void shatter_update(void *data, obs_data_t *settings)
{
    struct shatter_transition *shatter = data;
    struct shatter_obs_settings read = {
        .point_size = obs_data_get_double(settings, "point_size"),
        .duration = obs_data_get_double(settings, "duration"),
        .seed = (uint64_t)obs_data_get_int(settings, "seed"),
        .physics = (int)obs_data_get_int(settings, "physics"),
    };
    bool reverse = obs_data_get_bool(settings, "reverse");
    pthread_mutex_lock(&shatter->lock);
    shatter->settings = read;
    shatter->reverse = reverse;
    pthread_mutex_unlock(&shatter->lock);
}

static void *shatter_create(obs_data_t *settings, obs_source_t *source)
{
    gs_effect_t *effect = shatter_load_effect("shatter.effect");
    if (!effect)
        return NULL;
    struct shatter_transition *shatter = bzalloc(sizeof(*shatter));
    shatter->source = source;
    shatter->effect = effect;
    shatter->image = gs_effect_get_param_by_name(effect, "image");
    pthread_mutex_init(&shatter->lock, NULL);
    shatter_update(shatter, settings);
    return shatter;
}

static void shatter_release_pieces(struct shatter_transition *shatter)
{
    gs_vertexbuffer_destroy(shatter->vertices);
    shatter->vertices = NULL;
    shatter_obs_pieces_destroy(shatter->pieces);
    shatter->pieces = NULL;
    shatter->capacity = 0;
}

static void shatter_destroy(void *data)
{
    struct shatter_transition *shatter = data;
    obs_enter_graphics();
    shatter_release_pieces(shatter);
    gs_effect_destroy(shatter->effect);
    obs_leave_graphics();
    pthread_mutex_destroy(&shatter->lock);
    bfree(shatter);
}

static bool same_settings(const struct shatter_obs_settings *a, const struct shatter_obs_settings *b)
{
    return a->point_size == b->point_size && a->duration == b->duration && a->seed == b->seed &&
           a->physics == b->physics;
}

// The pieces and their vertex buffer for this canvas and these settings (render thread, graphics
// context held): made once, at the first frame after either changes. False where none could be made.
static bool shatter_prepare(struct shatter_transition *shatter, const struct shatter_obs_settings *settings,
                            uint32_t cx, uint32_t cy)
{
    if (shatter->attempted && shatter->built_cx == cx && shatter->built_cy == cy &&
        same_settings(&shatter->built, settings))
        return shatter->vertices != NULL;
    shatter_release_pieces(shatter);
    shatter->attempted = true;
    shatter->built = *settings;
    shatter->built_cx = cx;
    shatter->built_cy = cy;
    shatter->pieces = shatter_obs_pieces_create(cx, cy, settings);
    size_t count = shatter_obs_pieces_count(shatter->pieces);
    if (!count)
        return false;
    size_t vertices = count * SHATTER_OBS_VERTICES_PER_PIECE;
    struct gs_vb_data *data = gs_vbdata_create();
    data->num = vertices;
    data->points = bzalloc(sizeof(struct vec3) * vertices);
    data->num_tex = 1;
    data->tvarray = bzalloc(sizeof(struct gs_tvertarray));
    data->tvarray[0].width = 2;
    data->tvarray[0].array = bzalloc(sizeof(float) * 2 * vertices);
    // The buffer owns data from here, and frees it when destroyed.
    shatter->vertices = gs_vertexbuffer_create(data, GS_DYNAMIC);
    if (!shatter->vertices) {
        blog(LOG_WARNING, "[shatter] no vertex buffer for %zu pieces: the transition cuts", count);
        return false;
    }
    shatter->capacity = count;
    return true;
}

static void shatter_draw_texture(struct shatter_transition *shatter, gs_texture_t *texture, uint32_t cx, uint32_t cy)
{
    gs_effect_set_texture(shatter->image, texture);
    while (gs_effect_loop(shatter->effect, "Draw"))
        gs_draw_sprite(texture, 0, cx, cy);
}

static void shatter_callback(void *data, gs_texture_t *a, gs_texture_t *b, float t, uint32_t cx, uint32_t cy)
{
    struct shatter_transition *shatter = data;
    pthread_mutex_lock(&shatter->lock);
    struct shatter_obs_settings settings = shatter->settings;
    bool reverse = shatter->reverse;
    pthread_mutex_unlock(&shatter->lock);

    // Forward, the outgoing scene (a) breaks and falls off the incoming one (b). Reversed, the
    // incoming scene's pieces rise into place over the outgoing one: the same fall played backwards.
    gs_texture_t *broken = reverse ? b : a;
    gs_texture_t *under = reverse ? a : b;
    double progress = reverse ? 1.0 - (double)t : (double)t;

    // The pieces are copied, not blended: each covers what is under it, as the CLI's replace.
    const bool srgb = gs_framebuffer_srgb_enabled();
    gs_enable_framebuffer_srgb(false);
    const enum gs_cull_mode cull = gs_get_cull_mode();
    gs_set_cull_mode(GS_NEITHER);
    gs_blend_state_push();
    gs_enable_blending(false);

    if (!shatter_prepare(shatter, &settings, cx, cy)) {
        // Nothing to break (a canvas no grid fits): a cut halfway.
        shatter_draw_texture(shatter, t < 0.5f ? a : b, cx, cy);
    } else {
        struct gs_vb_data *vertices = gs_vertexbuffer_get_data(shatter->vertices);
        size_t drawn = shatter_obs_pieces_frame(shatter->pieces, progress * settings.duration,
                                                (float *)vertices->points, (float *)vertices->tvarray[0].array,
                                                shatter->capacity);
        shatter_draw_texture(shatter, under, cx, cy);
        if (drawn) {
            gs_vertexbuffer_flush(shatter->vertices);
            gs_effect_set_texture(shatter->image, broken);
            while (gs_effect_loop(shatter->effect, "Draw")) {
                gs_load_vertexbuffer(shatter->vertices);
                gs_load_indexbuffer(NULL);
                gs_draw(GS_TRIS, 0, (uint32_t)(drawn * SHATTER_OBS_VERTICES_PER_PIECE));
            }
        }
    }

    gs_blend_state_pop();
    gs_set_cull_mode(cull);
    gs_enable_framebuffer_srgb(srgb);
}

static void shatter_video_render(void *data, gs_effect_t *effect)
{
    struct shatter_transition *shatter = data;
    UNUSED_PARAMETER(effect);
    obs_transition_video_render(shatter->source, shatter_callback);
}

// The two scenes' sound crossfaded.
static bool shatter_transition_audio_render(void *data, uint64_t *ts_out, struct obs_source_audio_mix *audio,
                                            uint32_t mixers, size_t channels, size_t sample_rate)
{
    struct shatter_transition *shatter = data;
    return shatter_audio_render(shatter->source, ts_out, audio, mixers, channels, sample_rate);
}

static void shatter_defaults(obs_data_t *settings)
{
    obs_data_set_default_double(settings, "point_size", 0);
    obs_data_set_default_double(settings, "duration", 1.2);
    obs_data_set_default_int(settings, "seed", 0);
    obs_data_set_default_int(settings, "physics", 0);
    obs_data_set_default_bool(settings, "reverse", false);
}

static obs_properties_t *shatter_properties(void *data)
{
    UNUSED_PARAMETER(data);
    obs_properties_t *props = obs_properties_create();
    obs_property_t *size =
        obs_properties_add_float_slider(props, "point_size", "Piece size (pixels, 0 = auto)", 0, 64, 0.125);
    obs_property_set_long_description(size, "Side of the pieces in pixels, in eighths. 0: auto, 2/375 of the "
                                            "canvas width (the original's look: 10.25 px at 1920 wide)");
    obs_property_t *duration =
        obs_properties_add_float_slider(props, "duration", "Fall shown (seconds)", 0.1, 10, 0.05);
    obs_property_set_long_description(duration, "Seconds of the pieces' fall the transition plays over its "
                                                 "length (the original: 1.2). Set the transition's own "
                                                 "duration in OBS as usual.");
    obs_properties_add_int(props, "seed", "Seed", 0, 1000000, 1);
    obs_property_t *physics =
        obs_properties_add_list(props, "physics", "Physics", OBS_COMBO_TYPE_LIST, OBS_COMBO_FORMAT_INT);
    obs_property_list_add_int(physics, "Original (random factor 0 to 2)", 0);
    obs_property_list_add_int(physics, "Textbook (random factor 0 to 1)", 1);
    obs_property_list_add_int(physics, "Original, 60 Hz steps", 2);
    obs_property_list_add_int(physics, "Textbook, 60 Hz steps", 3);
    obs_properties_add_bool(props, "reverse", "Reverse (the next scene's pieces rise into place)");
    return props;
}

struct obs_source_info shatter_transition_info = {
    .id = "shatter_transition",
    .type = OBS_SOURCE_TYPE_TRANSITION,
    .get_name = shatter_get_name,
    .create = shatter_create,
    .destroy = shatter_destroy,
    .update = shatter_update,
    .get_defaults = shatter_defaults,
    .get_properties = shatter_properties,
    .video_render = shatter_video_render,
    .audio_render = shatter_transition_audio_render,
};
#endif
