/**
 * The names Verso gives a connection when it makes it: the local engine's (`connections.localName`) and the ones
 * the add-connection form fills in (`connections.form.hostedName`, `connections.form.customName`), each in every UI
 * language (`local-connection-name.test.ts` checks them against the catalogs). A name is stored in the language of
 * that moment, so shown as stored it stayed in that language after the UI language changed ("This computer
 * (offline)" in the Korean sidebar, "Gehosteter Dienst" in the English one). A stored name that is one of these is
 * Verso's, not the user's, and is shown in the current language; a name the user typed is shown as typed. Constants,
 * not the 14 catalogs: the renderer's start loads only its own language's words.
 */
export type GivenNameKey = 'connections.localName' | 'connections.form.hostedName' | 'connections.form.customName';

const GIVEN: ReadonlyArray<readonly [GivenNameKey, readonly string[]]> = [
  [
    'connections.localName',
    [
      'This computer (offline)',
      'Dieser Computer (offline)',
      'Cet ordinateur (hors ligne)',
      'Este equipo (sin conexión)',
      'Questo computer (offline)',
      'Este computador (offline)',
      'Deze computer (offline)',
      'Ten komputer (offline)',
      'Этот компьютер (офлайн)',
      'Цей комп’ютер (офлайн)',
      'このコンピューター（オフライン）',
      '本机（离线）',
      '이 컴퓨터(오프라인)',
      'هذا الحاسوب (غير متصل بالإنترنت)',
    ],
  ],
  [
    'connections.form.hostedName',
    [
      'Hosted service',
      'Gehosteter Dienst',
      'Service hébergé',
      'Servicio alojado',
      'Servicio hospedado', // the Spanish name before stop 37: connections made then keep it
      'Servizio in hosting',
      'Serviço hospedado',
      'Gehoste service',
      'Usługa hostowana',
      'Облачный сервис',
      'Хмарний сервіс',
      'ホスト型サービス',
      '托管服务',
      '호스팅 서비스',
      'خدمة مستضافة',
    ],
  ],
  [
    'connections.form.customName',
    [
      'Custom service',
      'Eigener Dienst',
      'Service personnalisé',
      'Servicio personalizado',
      'Servizio personalizzato',
      'Serviço personalizado',
      'Aangepaste service',
      'Własna usługa',
      'Свой сервис',
      'Власний сервіс',
      'カスタムサービス',
      '自定义服务',
      '사용자 지정 서비스',
      'خدمة مخصصة',
    ],
  ],
];

const BY_NAME: ReadonlyMap<string, GivenNameKey> = new Map(GIVEN.flatMap(([key, names]) => names.map((n) => [n, key] as const)));

/** The catalog key of the name Verso gave, when `name` is one of them in one of its UI languages. */
export function givenNameKey(name: string): GivenNameKey | undefined {
  return BY_NAME.get(name);
}

