import type { DptMainType } from './dpt-catalogue';

/**
 * Main types 1–21, 232, 237 and 238 with their common subtypes. Names, sizes and
 * units follow the ETS master data as quoted in the domain README §2 (Weinzierl
 * kdrive, KNXUltimate dptlib, xknx dpt).
 */
export const DPT_CATALOGUE: readonly DptMainType[] = [
  {
    main: 1,
    name: '1-bit',
    bits: 1,
    subtypes: [
      { sub: 1, name: 'DPT_Switch' },
      { sub: 2, name: 'DPT_Bool' },
      { sub: 3, name: 'DPT_Enable' },
      { sub: 5, name: 'DPT_Alarm' },
      { sub: 8, name: 'DPT_UpDown' },
      { sub: 9, name: 'DPT_OpenClose' },
      { sub: 10, name: 'DPT_Start' },
      { sub: 11, name: 'DPT_State' },
      { sub: 17, name: 'DPT_Trigger' },
      { sub: 18, name: 'DPT_Occupancy' },
      { sub: 19, name: 'DPT_Window_Door' },
      { sub: 24, name: 'DPT_DayNight' },
    ],
  },
  {
    main: 2,
    name: '1-bit controlled',
    bits: 2,
    subtypes: [
      { sub: 1, name: 'DPT_Switch_Control' },
      { sub: 2, name: 'DPT_Bool_Control' },
    ],
  },
  {
    main: 3,
    name: '3-bit controlled',
    bits: 4,
    subtypes: [
      { sub: 7, name: 'DPT_Control_Dimming' },
      { sub: 8, name: 'DPT_Control_Blinds' },
    ],
  },
  {
    main: 4,
    name: 'character',
    bits: 8,
    subtypes: [
      { sub: 1, name: 'DPT_Char_ASCII' },
      { sub: 2, name: 'DPT_Char_8859_1' },
    ],
  },
  {
    main: 5,
    name: '8-bit unsigned value',
    bits: 8,
    subtypes: [
      { sub: 1, name: 'DPT_Scaling', unit: '%', range: [0, 100] },
      { sub: 3, name: 'DPT_Angle', unit: '°', range: [0, 360] },
      { sub: 4, name: 'DPT_Percent_U8', unit: '%', range: [0, 255] },
      { sub: 5, name: 'DPT_DecimalFactor', range: [0, 255] },
      { sub: 10, name: 'DPT_Value_1_Ucount', unit: 'pulses', range: [0, 255] },
    ],
  },
  {
    main: 6,
    name: '8-bit signed value',
    bits: 8,
    subtypes: [
      { sub: 1, name: 'DPT_Percent_V8', unit: '%', range: [-128, 127] },
      { sub: 10, name: 'DPT_Value_1_Count', unit: 'pulses', range: [-128, 127] },
    ],
  },
  {
    main: 7,
    name: '2-byte unsigned value',
    bits: 16,
    subtypes: [
      { sub: 1, name: 'DPT_Value_2_Ucount', unit: 'pulses', range: [0, 65535] },
      { sub: 2, name: 'DPT_TimePeriodMsec', unit: 'ms', range: [0, 65535] },
      { sub: 5, name: 'DPT_TimePeriodSec', unit: 's', range: [0, 65535] },
      { sub: 7, name: 'DPT_TimePeriodHrs', unit: 'h', range: [0, 65535] },
      { sub: 12, name: 'DPT_UElCurrentmA', unit: 'mA', range: [0, 65535] },
      { sub: 13, name: 'DPT_Brightness', unit: 'lx', range: [0, 65535] },
    ],
  },
  {
    main: 8,
    name: '2-byte signed value',
    bits: 16,
    subtypes: [
      { sub: 1, name: 'DPT_Value_2_Count', unit: 'pulses', range: [-32768, 32767] },
      { sub: 2, name: 'DPT_DeltaTimeMsec', unit: 'ms', range: [-32768, 32767] },
      { sub: 5, name: 'DPT_DeltaTimeSec', unit: 's', range: [-32768, 32767] },
    ],
  },
  {
    main: 9,
    name: '2-byte float value',
    bits: 16,
    subtypes: [
      { sub: 1, name: 'DPT_Value_Temp', unit: '°C', range: [-273, 670760] },
      { sub: 2, name: 'DPT_Value_Tempd', unit: 'K', range: [-670760, 670760] },
      { sub: 4, name: 'DPT_Value_Lux', unit: 'lx', range: [0, 670760] },
      { sub: 5, name: 'DPT_Value_Wsp', unit: 'm/s', range: [0, 670760] },
      { sub: 6, name: 'DPT_Value_Pres', unit: 'Pa', range: [0, 670760] },
      { sub: 7, name: 'DPT_Value_Humidity', unit: '%', range: [0, 670760] },
      { sub: 8, name: 'DPT_Value_AirQuality', unit: 'ppm', range: [0, 670760] },
      { sub: 20, name: 'DPT_Value_Volt', unit: 'mV', range: [-670760, 670760] },
      { sub: 21, name: 'DPT_Value_Curr', unit: 'mA', range: [-670760, 670760] },
      { sub: 24, name: 'DPT_Power', unit: 'kW', range: [-670760, 670760] },
    ],
  },
  { main: 10, name: 'time', bits: 24, subtypes: [{ sub: 1, name: 'DPT_TimeOfDay' }] },
  { main: 11, name: 'date', bits: 24, subtypes: [{ sub: 1, name: 'DPT_Date' }] },
  {
    main: 12,
    name: '4-byte unsigned value',
    bits: 32,
    subtypes: [{ sub: 1, name: 'DPT_Value_4_Ucount', unit: 'counter pulses' }],
  },
  {
    main: 13,
    name: '4-byte signed value',
    bits: 32,
    subtypes: [
      { sub: 1, name: 'DPT_Value_4_Count', unit: 'counter pulses' },
      { sub: 10, name: 'DPT_ActiveEnergy', unit: 'Wh' },
      { sub: 13, name: 'DPT_ActiveEnergy_kWh', unit: 'kWh' },
    ],
  },
  {
    main: 14,
    name: '4-byte float value',
    bits: 32,
    subtypes: [
      { sub: 19, name: 'DPT_Value_Electric_Current', unit: 'A' },
      { sub: 27, name: 'DPT_Value_Electric_Potential', unit: 'V' },
      { sub: 56, name: 'DPT_Value_Power', unit: 'W' },
      { sub: 68, name: 'DPT_Value_Common_Temperature', unit: '°C' },
      { sub: 76, name: 'DPT_Value_Volume', unit: 'm³' },
    ],
  },
  { main: 15, name: 'entrance access', bits: 32, subtypes: [{ sub: 0, name: 'DPT_Access_Data' }] },
  {
    main: 16,
    name: 'character string',
    bits: 112,
    subtypes: [
      { sub: 0, name: 'DPT_String_ASCII' },
      { sub: 1, name: 'DPT_String_8859_1' },
    ],
  },
  { main: 17, name: 'scene number', bits: 8, subtypes: [{ sub: 1, name: 'DPT_SceneNumber' }] },
  { main: 18, name: 'scene control', bits: 8, subtypes: [{ sub: 1, name: 'DPT_SceneControl' }] },
  { main: 19, name: 'date time', bits: 64, subtypes: [{ sub: 1, name: 'DPT_DateTime' }] },
  {
    main: 20,
    name: '1-byte enumeration',
    bits: 8,
    subtypes: [
      { sub: 1, name: 'DPT_SCLOMode' },
      { sub: 102, name: 'DPT_HVACMode' },
      { sub: 105, name: 'DPT_HVACContrMode' },
    ],
  },
  { main: 21, name: '8-bit set', bits: 8, subtypes: [{ sub: 1, name: 'DPT_StatusGen' }] },
  { main: 232, name: 'RGB colour', bits: 24, subtypes: [{ sub: 600, name: 'DPT_Colour_RGB' }] },
  {
    main: 237,
    name: 'DALI control gear diagnostic',
    bits: 16,
    subtypes: [{ sub: 600, name: 'DPT_DALI_Control_Gear_Diagnostic' }],
  },
  {
    main: 238,
    name: '8-bit B2U6',
    bits: 8,
    subtypes: [
      { sub: 1, name: 'DPT_SceneConfig' },
      { sub: 600, name: 'DPT_DALI_Diagnostics' },
    ],
  },
];
