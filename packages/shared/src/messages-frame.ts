/**
 * The part of the one message catalogue (messages.ts) that the site's frame and its public pages
 * show: the gates' refusals, the session's end, loading and empty states. It is its own module so
 * the browser's first load takes these few texts and not the whole catalogue (~5 kB gzip, decision
 * 0015); messages.ts spreads both objects into `specMessages` and `productMessages`, so every
 * message is still defined once and checked against the specification there.
 */
export const frameSpecMessages = {
  loginRequiredConsultations: 'Inicie sesión para acceder al área de consultas virtuales',
  loginRequiredSuggestions: 'Inicie sesión para acceder al área de sugerencias',
  paymentSessionRequired: 'Porfavor, inicie sesión',
  chatNotAllowed: 'No ha iniciado sesión o aún no tiene permiso para entrar en esta página.',
  logoutFailed: 'Error al cerrar la sesión',
  imageLinkFailed: 'No se pudo cargar la imagen del enlace.',
  loading: 'Cargando datos...',
  logoutOk: 'Sesión cerrada exitosamente',
  sessionExpired: 'La sesión ha expirado. Serás redirigido al login.',
  adminSessionExpired: 'La sesión ha expirado.',
  registrationOk: 'Registro exitoso',
} as const;

export const frameProductMessages = {
  sessionExpiringTitle: 'Su sesión está por expirar',
  sessionExpiringBody:
    'Su sesión se cerrará por inactividad en menos de 5 minutos. Mueva el ratón o pulse una tecla para continuar.',
  // The same warning on a touch screen, where there is no mouse or key to use (issue 23).
  sessionExpiringBodyTouch: 'Su sesión se cerrará por inactividad en menos de 5 minutos. Toque la pantalla para continuar.',
  videosUnavailable: 'Los videos no están disponibles en este momento.',
  noNews: 'Todavía no hay noticias publicadas. Vuelva pronto.',
  noBlogPosts: 'Todavía no hay artículos en el blog.',
  loadFailed: 'No se pudo cargar la información. Intente de nuevo.',
  // the clinic's contact, in the footer and on the home page (issue 23, docs/decisions/0044)
  clinicContactTitle: 'Contacto de la clínica',
  clinicAddress: 'Dirección',
  clinicPhone: 'Teléfono',
  clinicWhatsapp: 'WhatsApp',
  clinicEmail: 'Correo electrónico',
  clinicHours: 'Horario de atención',
  clinicHoursWeekdays: 'Lunes a viernes, de {{from}} a {{to}}',
  clinicHoursWeekend: 'Sábados y domingos, de {{from}} a {{to}}',
  clinicMap: 'Ver en el mapa',
  clinicMapLabel: 'Ver la dirección de la clínica en OpenStreetMap (se abre en otra pestaña)',
  clinicWhatsappLabel: 'Escribir a la clínica por WhatsApp (se abre en otra pestaña)',
  // wa.me's prefilled text and the link's words (issue 27, decision 0060): the patient's own message,
  // in the language they read the site in; they may change it before sending.
  clinicWhatsappGreeting: 'Hola, les escribo desde el sitio web de la clínica.',
  clinicWhatsappWrite: 'Escribir a la clínica por WhatsApp',
} as const;

export const frameMessages = { ...frameSpecMessages, ...frameProductMessages } as const;
export type FrameMessageKey = keyof typeof frameMessages;
