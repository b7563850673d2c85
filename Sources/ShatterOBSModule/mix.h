// What both transitions share: the sound crossfaded over the transition (as OBS's Fade).
#ifndef SHATTER_OBS_MIX_H
#define SHATTER_OBS_MIX_H

float shatter_mix_a(void *data, float t);
float shatter_mix_b(void *data, float t);

#endif
