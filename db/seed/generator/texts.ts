/**
 * Word lists and sentence fragments the catalogue generator combines into festival names,
 * descriptions, addresses, comments and people. Spanish, like the real catalogue.
 * Placeholders filled per festival: {nombre}, {ciudad}, {pais}, {genero}, {genero2}.
 */

/** First word of a name. No word here or in `nameSecondWords` is another one with other accents. */
export const nameFirstWords = [
  'Aurora', 'Marea', 'Nocturna', 'Solsticio', 'Eclipse', 'Horizonte', 'Brisa', 'Luna', 'Sol', 'Océano',
  'Atlántico', 'Mediterráneo', 'Volcán', 'Bosque', 'Desierto', 'Cosmos', 'Galaxia', 'Órbita', 'Nébula', 'Prisma',
  'Cristal', 'Neón', 'Tormenta', 'Relámpago', 'Trueno', 'Fuego', 'Hielo', 'Arena', 'Salitre', 'Coral',
  'Duna', 'Faro', 'Isla', 'Costa', 'Cala', 'Acantilado', 'Valle', 'Montaña', 'Cumbre', 'Sierra',
  'Río', 'Delta', 'Laguna', 'Niebla', 'Amanecer', 'Atardecer', 'Medianoche', 'Alba', 'Crepúsculo', 'Estrella',
  'Cometa', 'Meteoro', 'Satélite', 'Planeta', 'Nova', 'Pulsar', 'Quásar', 'Vértigo', 'Éxtasis', 'Delirio',
  'Euforia', 'Gravedad', 'Espiral', 'Laberinto', 'Mosaico', 'Caleidoscopio', 'Espejismo', 'Oasis', 'Paraíso', 'Edén',
  'Utopía', 'Atlas', 'Cénit', 'Fénix', 'Dragón', 'Lobo', 'Halcón', 'Jaguar', 'Colibrí', 'Tritón',
  'Sirena', 'Titán', 'Olimpo', 'Ágora', 'Ritual', 'Tribu', 'Raíces', 'Origen', 'Lumen', 'Aura',
  'Vórtice', 'Magma', 'Basalto', 'Ámbar', 'Índigo', 'Carmesí', 'Turquesa', 'Obsidiana', 'Cobalto', 'Mercurio',
] as const;

export const nameSecondWords = [
  'Sónica', 'Sound', 'Beats', 'Electrónica', 'Techno', 'House', 'Groove', 'Pulse', 'Wave', 'Bass',
  'Rave', 'Dance', 'Ritmo', 'Vibra', 'Frecuencia', 'Latido', 'Beat', 'Club', 'Disco', 'Tribal',
  'Digital', 'Analógica', 'Sintética', 'Modular', 'Eléctrica', 'Magnética', 'Cósmica', 'Urbana', 'Underground', 'Lab',
  'Sound System', 'Audio', 'Voltaje', 'Hertz', 'Decibelio', 'Loop', 'Synth', 'Acid', 'Tempo', 'Compás',
  'Eco', 'Resonancia', 'BPM', 'Vinilo', 'Kinetic',
] as const;

/** `%` is replaced by the two words above. */
export const nameTemplates = [
  '% Festival', 'Festival %', '% Fest', '% Weekend', '% Open Air', '% Experience', '% Gathering', '% Summer',
  '% Nights', '% Days', 'Encuentro %', 'Fiesta %', '% Live', '% Week', '% Sessions', '% Camp',
  '% Winter', '% Sunset', '% Beach', '% Park', 'Noches de %', '% Fest Club', '% Weekender', '% Showcase',
  '% Outdoor',
] as const;

/**
 * Genres that go together, drawn from the genres of the real catalogue (db/seed/festival-data.ts).
 * A festival takes the first one to four of a profile; profiles listed twice are twice as common.
 */
export const genreProfiles: readonly (readonly string[])[] = [
  ['Techno', 'Hard Techno', 'Minimal'],
  ['Techno', 'Hard Techno', 'Minimal'],
  ['Techno', 'House', 'Tech House', 'Minimal'],
  ['Techno', 'House', 'Tech House', 'Minimal'],
  ['House', 'Disco', 'Tech House'],
  ['House', 'Disco', 'Tech House'],
  ['Electrónica', 'Experimental', 'Ambient', 'Techno'],
  ['EDM', 'House', 'Trance', 'Electro'],
  ['EDM', 'Electro', 'Dubstep'],
  ['Drum and Bass', 'Bass', 'Dubstep', 'Breakbeat'],
  ['Trance', 'Psytrance', 'Progressive House'],
  ['Psytrance', 'Trance', 'Ambient', 'Downtempo'],
  ['Hardstyle', 'Hard Techno', 'EDM'],
  ['Melodic Techno', 'Techno', 'Progressive House'],
  ['Minimal', 'Techno', 'House'],
  ['Disco', 'House', 'Electro'],
  ['Ambient', 'Downtempo', 'Experimental'],
  ['Electrónica', 'Techno', 'House', 'Experimental'],
  ['Electrónica', 'Techno', 'House', 'Experimental'],
  ['Tech House', 'House', 'Techno', 'Minimal'],
  ['Techno', 'Electro', 'Experimental'],
  ['Bass', 'Dubstep', 'Drum and Bass'],
  ['Breakbeat', 'Electro', 'Bass'],
  ['Downtempo', 'House', 'Disco'],
  ['Hard Techno', 'Techno', 'Hardstyle'],
  ['Progressive House', 'Melodic Techno', 'Trance'],
  ['Electrónica', 'EDM', 'House'],
];

/** One paragraph: one sentence of each group, some groups only for some festivals. */
export const descriptionIntros = [
  '**{nombre}** es un festival de {genero} que se celebra cada año en {ciudad} ({pais}).',
  '**{nombre}** nació como una fiesta entre amigos y hoy reúne a miles de personas en {ciudad} alrededor del {genero} y el {genero2}.',
  '{ciudad} acoge **{nombre}**, una cita ya clásica para quienes siguen la escena electrónica de {pais}.',
  'Desde su primera edición, **{nombre}** ha convertido {ciudad} en punto de encuentro del {genero} europeo.',
  '**{nombre}** llega a {ciudad} con una propuesta centrada en el {genero} y abierta a nuevos sonidos.',
  'Con varias ediciones a sus espaldas, **{nombre}** es uno de los festivales de {genero} más queridos de {pais}.',
  '**{nombre}** transforma {ciudad} durante unos días en una pista de baile al aire libre.',
  'Pensado para bailar de sol a sol, **{nombre}** reúne en {ciudad} lo mejor del {genero} y el {genero2}.',
  '**{nombre}** es el festival de referencia del {genero} en {ciudad}, con público llegado de toda Europa.',
  'Lo que empezó como una noche de club en {ciudad} es hoy **{nombre}**, un festival de {genero} con identidad propia.',
] as const;

export const descriptionMusic = [
  'El cartel mezcla artistas internacionales con talento local, con sesiones largas de {genero} y directos que van del {genero2} a la electrónica más experimental.',
  'Su programación apuesta por sesiones extendidas y back to backs inéditos, con el {genero2} ganando peso en las últimas ediciones.',
  'Por sus cabinas han pasado nombres consagrados del {genero} junto a jóvenes promesas que debutan ante un gran público.',
  'La música empieza a media tarde con sonidos más tranquilos y sube de intensidad hasta el {genero} de madrugada.',
  'Cada escenario tiene su propio carácter: uno dedicado al {genero}, otro al {genero2} y un tercero a propuestas más arriesgadas.',
  'El festival cuida mucho el sonido, con equipos de primer nivel y una programación pensada para escuchar además de bailar.',
  'El cartel se anuncia por fases durante la primavera y suele reservar alguna sorpresa para el cierre.',
  'Además de las sesiones de {genero}, hay directos audiovisuales y showcases de sellos independientes.',
] as const;

export const descriptionVenues = [
  'El recinto cuenta con varios escenarios al aire libre, una carpa principal y zonas de descanso con sombra.',
  'Se celebra en un entorno natural privilegiado, a pocos minutos del centro de {ciudad}.',
  'El espacio combina naves industriales recuperadas con un gran escenario exterior.',
  'La zona de baile mira al mar y el amanecer es uno de los momentos más esperados de cada noche.',
  'El recinto es compacto y fácil de recorrer, con barras y puntos de agua repartidos por todas partes.',
  'Los escenarios están rodeados de arboleda y zonas chill out para recuperar fuerzas entre sesión y sesión.',
  'Hay zona de acampada junto al recinto y una pequeña plaza gastronómica con producto local.',
  'El festival ocupa un parque urbano que durante esos días se llena de instalaciones de luz y arte.',
] as const;

export const descriptionAtmospheres = [
  'El ambiente es cercano y diverso, con un público fiel que repite edición tras edición.',
  'Es un festival con conciencia: vasos reutilizables, puntos limpios y compromiso con la accesibilidad.',
  'La organización cuida los detalles, desde la señalización hasta la información sobre consumo responsable.',
  'El público internacional convive con la gente de la zona en un ambiente relajado y festivo.',
  'Las actividades diurnas, como charlas y talleres, completan una experiencia que va más allá de la música.',
  'Muchos asistentes aprovechan el viaje para conocer {ciudad} y sus alrededores.',
] as const;

export const descriptionPractical = [
  'Las entradas suelen agotarse semanas antes, así que conviene comprar el abono en cuanto se anuncia el cartel.',
  'Hay abonos de uno o varios días y descuentos para quienes compran en la primera fase.',
  'El acceso está permitido a mayores de 18 años, o de 16 acompañados, según la normativa local.',
  'Se recomienda llevar protección solar, agua y calzado cómodo.',
  'Durante el festival hay lanzaderas desde el centro de {ciudad} hasta el recinto.',
  'El pago dentro del recinto se hace con pulsera recargable.',
] as const;

export const descriptionClosings = [
  'Consulta horarios y novedades en la web oficial antes de viajar.',
  'Una cita imprescindible del calendario de festivales de {pais}.',
  'Ideal para descubrir {ciudad} bailando.',
  'Un plan perfecto para quienes buscan {genero} de calidad en un entorno único.',
] as const;

/** Venue of a festival: the address (and what it was geocoded from). */
export const addressTemplates = [
  'Recinto Ferial de {ciudad}', 'Parque del Río, {ciudad}', 'Playa de Levante, {ciudad}', 'Puerto de {ciudad}',
  'Antigua fábrica textil, {ciudad}', 'Estadio Municipal, {ciudad}', 'Circuito de {ciudad}', 'Explanada del Auditorio, {ciudad}',
  'Jardines del Palacio, {ciudad}', 'Polígono Industrial Norte, nave 7, {ciudad}', 'Centro de Convenciones de {ciudad}',
  'Hipódromo de {ciudad}', 'Parque Forestal, {ciudad}', 'Castillo de {ciudad}', 'Muelle Sur, {ciudad}', 'Ciudad Deportiva, {ciudad}',
] as const;

export const transportTexts = [
  'Lanzaderas gratuitas desde la estación central de {ciudad} cada 20 minutos durante todo el festival.',
  'Se llega en transporte público desde el centro de {ciudad}; de madrugada hay autobuses nocturnos especiales.',
  'El aeropuerto más cercano está a unos 30 minutos; hay traslados organizados con la entrada.',
  'Tren de cercanías hasta la estación más próxima y diez minutos a pie hasta el recinto.',
  'Se recomienda compartir coche o usar los autobuses oficiales del festival.',
] as const;

export const parkingTexts = [
  'Aparcamiento oficial de pago junto al recinto, con plazas limitadas: conviene reservar.',
  'No hay aparcamiento en el recinto; se recomienda el transporte público.',
  'Parking disuasorio gratuito a las afueras de {ciudad} con lanzadera al festival.',
  'Aparcamiento para autocaravanas en la zona de acampada, con reserva previa.',
] as const;

export const accommodationTexts = [
  'Zona de acampada incluida en algunos abonos; hoteles y apartamentos en el centro de {ciudad}.',
  'Amplia oferta de hoteles y albergues en {ciudad}; conviene reservar con meses de antelación.',
  'Glamping oficial junto al recinto y acuerdos con hoteles de la zona.',
  'Alojamientos rurales en los pueblos cercanos, a pocos minutos en coche.',
] as const;

/** Comments are an opening, sometimes a detail, and a closing; the tone follows the rating. */
export const commentOpenings = {
  good: [
    '¡Increíble experiencia!', 'Uno de los mejores festivales a los que he ido.', 'Repetiría sin dudarlo.',
    'Qué pasada de fin de semana.', 'Brutal de principio a fin.', 'Organización de diez.', 'Sin duda el mejor festival del año.',
    'Ambientazo y muy buena música.', 'Me encantó todo.', 'Una maravilla.', 'Salí con una sonrisa enorme.',
    'El cartel estuvo a la altura.', 'Muy recomendable.', 'Mi tercer año y cada vez mejor.', 'Superó mis expectativas.',
  ],
  middling: [
    'Bien en general, aunque mejorable.', 'Correcto, sin más.', 'Buena música pero la organización flojeó.',
    'Tuvo sus luces y sus sombras.', 'Me esperaba algo más.', 'Un festival normalito.',
    'Hubo momentos muy buenos y otros aburridos.', 'Está bien para ir con amigos.', 'Ni fu ni fa.', 'Aceptable para lo que cuesta.',
  ],
  bad: [
    'Una decepción total.', 'No vuelvo.', 'Muy mal organizado.', 'Demasiada gente y poco espacio.',
    'Me arrepiento de haber ido.', 'Caro para lo que ofrece.', 'Horas de cola para entrar.', 'El sonido era malísimo.',
    'Nada que ver con otros años.', 'Un desastre de principio a fin.', 'Cancelaron a varios artistas sin avisar.', 'No lo recomiendo.',
  ],
} as const;

export const commentDetails = [
  'El sonido del escenario principal era espectacular.', 'Las colas para las barras eran largas.', 'La zona de acampada estaba limpia.',
  'Los baños, como siempre, mejorables.', 'El cierre del domingo fue lo mejor.', 'Había agua gratis y sombra.', 'El recinto es precioso.',
  'Los horarios se cumplieron.', 'Las bebidas, carísimas.', 'La comida tenía opciones veganas.', 'El transporte de vuelta funcionó bien.',
  'La app del festival iba lenta.', 'Muy buen ambiente entre la gente.', 'Las luces y las pantallas, una locura.',
  'El escenario pequeño tuvo las mejores sesiones.', 'Pagar con pulsera fue muy cómodo.', 'Mucho polvo el último día.',
  'Seguridad amable y rápida.', 'Faltaban papeleras.', 'El after en la playa, inolvidable.', 'La acústica de la carpa dejaba que desear.',
  'Llegar en lanzadera fue fácil.', 'El calor apretaba a mediodía.', 'Descubrí artistas nuevos.', 'El B2B de cierre fue histórico.',
] as const;

export const commentClosings = {
  good: [
    '¡Nos vemos el año que viene!', '100% recomendable.', 'Gracias a la organización.', 'Ya tengo ganas de la próxima edición.',
    'Cinco estrellas merecidas.', 'Imprescindible.', 'Volveré.', 'Un diez.', '¡Qué ganas de repetir!', 'Todo el mundo debería vivirlo una vez.',
  ],
  middling: [
    'Quizá repita.', 'Tienen margen de mejora.', 'Con algunos cambios sería genial.', 'Ya veremos el año que viene.',
    'Para un día está bien.', 'Esperaba un poco más.', 'Aprobado justo.', 'Ni bien ni mal.',
  ],
  bad: [
    'No pienso volver.', 'Que tomen nota.', 'Espero que mejoren.', 'Dinero tirado.', 'Muy decepcionante.', 'Una pena.',
    'No lo recomiendo a nadie.', 'Qué lástima.', 'Mal, muy mal.', 'Pedí la devolución.',
  ],
} as const;

export const firstNames = [
  'Lucía', 'Martín', 'Sofía', 'Hugo', 'Martina', 'Mateo', 'María', 'Leo', 'Julia', 'Daniel',
  'Paula', 'Pablo', 'Valeria', 'Álvaro', 'Emma', 'Alejandro', 'Daniela', 'Manuel', 'Carla', 'Adrián',
  'Alba', 'Javier', 'Noa', 'Diego', 'Irene', 'Marcos', 'Claudia', 'Sergio', 'Laura', 'Iker',
  'Nerea', 'Jorge', 'Ainhoa', 'Rubén', 'Marta', 'Raúl', 'Elena', 'Óscar', 'Sara', 'Iván',
  'Chiara', 'Luca', 'Léa', 'Louis', 'Anna', 'Jonas', 'Inês', 'João', 'Sanne', 'Finn',
] as const;

export const surnames = [
  'García', 'Rodríguez', 'González', 'Fernández', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Gómez', 'Martín',
  'Jiménez', 'Ruiz', 'Hernández', 'Díaz', 'Moreno', 'Muñoz', 'Álvarez', 'Romero', 'Alonso', 'Gutiérrez',
  'Navarro', 'Torres', 'Domínguez', 'Vázquez', 'Ramos', 'Gil', 'Serrano', 'Blanco', 'Molina', 'Castro',
  'Rossi', 'Bianchi', 'Dubois', 'Martin', 'Müller', 'Schmidt', 'Silva', 'Santos', 'de Vries', 'Jansen',
] as const;

export const mediaCaptions = [
  'Escenario principal al atardecer', 'La pista a las tres de la mañana', 'Luces y humo', 'Primeras filas',
  'El cierre del domingo', 'Nuestro grupo', 'Fuegos artificiales sobre el escenario', 'La carpa llena',
  'Amanecer en la pista', 'Confeti en el cierre', 'Vista general del recinto', 'Bailando bajo la lluvia',
  'El escenario pequeño', 'Entrada al recinto', 'La zona chill out', 'Visuales de la noche del sábado',
] as const;

export const mediaComments = [
  'Qué noche.', 'Ya lo echo de menos.', 'Mejor momento del festival.', 'Foto desde la barra.',
  'Se veía mejor en directo.', 'Gracias por todo.', 'El año que viene, más.', 'Sin palabras.',
] as const;
