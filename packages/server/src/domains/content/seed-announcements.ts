import { html, list, type SeedArticle } from './seed-articles.ts';

/**
 * The announcements a fresh installation starts with. The first is required by SPEC.md §1
 * and DECISIONS.md: services are not provided to North Korea, Israel, China, Vanuatu and Cuba.
 */
export const RESTRICTED_REGIONS: SeedArticle = {
  key: 'restricted-regions',
  categoryId: 2,
  pinned: 1,
  daysAgo: 30,
  cover: { colours: ['#7a1f2b', '#c0392b'], bars: [0.2, 0.35, 0.25, 0.4, 0.3, 0.45] },
  texts: {
    en: {
      title: 'Services are not available in North Korea, Israel, China, Vanuatu and Cuba',
      desc: 'We do not provide services to residents of these five countries and regions.',
      content: html(
        'To comply with applicable laws and our licensing obligations, we do not provide our services to residents of North Korea, Israel, China, Vanuatu and Cuba.',
        'Registration with a phone number from these areas is refused. If you believe you are affected by mistake, please contact customer service.',
      ),
    },
    hk: {
      title: '本平台不向北韓、以色列、中國、瓦努阿圖及古巴提供服務',
      desc: '我們不向上述五個國家及地區的居民提供服務。',
      content: html(
        '為遵守適用法律及牌照要求，本平台不向北韓、以色列、中國、瓦努阿圖及古巴的居民提供服務。',
        '使用上述地區電話號碼的註冊申請將被拒絕。如您認為受到誤判，請聯絡客戶服務。',
      ),
    },
    jp: {
      title: '北朝鮮、イスラエル、中国、バヌアツ、キューバではサービスをご利用いただけません',
      desc: 'これら5つの国・地域の居住者にはサービスを提供しておりません。',
      content: html(
        '適用される法令およびライセンス上の義務を遵守するため、北朝鮮、イスラエル、中国、バヌアツ、キューバの居住者にはサービスを提供しておりません。',
        'これらの地域の電話番号による登録はお受けできません。誤って対象となったと思われる場合は、カスタマーサービスまでご連絡ください。',
      ),
    },
    kr: {
      title: '북한, 이스라엘, 중국, 바누아투, 쿠바에서는 서비스를 이용할 수 없습니다',
      desc: '이 다섯 개 국가 및 지역의 거주자에게는 서비스를 제공하지 않습니다.',
      content: html(
        '관련 법률과 라이선스 의무를 준수하기 위해 북한, 이스라엘, 중국, 바누아투, 쿠바 거주자에게는 서비스를 제공하지 않습니다.',
        '해당 지역의 전화번호로는 가입할 수 없습니다. 잘못 적용되었다고 생각되면 고객센터에 문의해 주세요.',
      ),
    },
    th: {
      title: 'ไม่ให้บริการในเกาหลีเหนือ อิสราเอล จีน วานูอาตู และคิวบา',
      desc: 'เราไม่ให้บริการแก่ผู้พำนักในห้าประเทศและภูมิภาคนี้',
      content: html(
        'เพื่อปฏิบัติตามกฎหมายที่เกี่ยวข้องและข้อกำหนดของใบอนุญาต เราไม่ให้บริการแก่ผู้พำนักในเกาหลีเหนือ อิสราเอล จีน วานูอาตู และคิวบา',
        'การลงทะเบียนด้วยหมายเลขโทรศัพท์จากพื้นที่เหล่านี้จะถูกปฏิเสธ หากคุณเชื่อว่าได้รับผลกระทบโดยผิดพลาด โปรดติดต่อฝ่ายบริการลูกค้า',
      ),
    },
    vn: {
      title: 'Dịch vụ không được cung cấp tại Triều Tiên, Israel, Trung Quốc, Vanuatu và Cuba',
      desc: 'Chúng tôi không cung cấp dịch vụ cho cư dân của năm quốc gia và khu vực này.',
      content: html(
        'Để tuân thủ luật pháp hiện hành và các nghĩa vụ giấy phép, chúng tôi không cung cấp dịch vụ cho cư dân Triều Tiên, Israel, Trung Quốc, Vanuatu và Cuba.',
        'Việc đăng ký bằng số điện thoại từ các khu vực này sẽ bị từ chối. Nếu bạn cho rằng mình bị ảnh hưởng do nhầm lẫn, vui lòng liên hệ bộ phận chăm sóc khách hàng.',
      ),
    },
    fr: {
      title: 'Services indisponibles en Corée du Nord, en Israël, en Chine, au Vanuatu et à Cuba',
      desc: 'Nous ne fournissons pas de services aux résidents de ces cinq pays et régions.',
      content: html(
        'Afin de respecter la législation applicable et nos obligations réglementaires, nous ne fournissons pas nos services aux résidents de Corée du Nord, d’Israël, de Chine, du Vanuatu et de Cuba.',
        'Les inscriptions avec un numéro de téléphone de ces zones sont refusées. Si vous pensez être concerné par erreur, veuillez contacter le service client.',
      ),
    },
    de: {
      title: 'Keine Dienste in Nordkorea, Israel, China, Vanuatu und Kuba',
      desc: 'Für Einwohner dieser fünf Länder und Regionen erbringen wir keine Dienste.',
      content: html(
        'Um geltendes Recht und unsere Lizenzpflichten einzuhalten, erbringen wir keine Dienste für Einwohner von Nordkorea, Israel, China, Vanuatu und Kuba.',
        'Registrierungen mit einer Telefonnummer aus diesen Gebieten werden abgelehnt. Wenn Sie glauben, irrtümlich betroffen zu sein, wenden Sie sich bitte an den Kundenservice.',
      ),
    },
    ru: {
      title: 'Услуги не предоставляются в Северной Корее, Израиле, Китае, Вануату и на Кубе',
      desc: 'Мы не обслуживаем жителей этих пяти стран и регионов.',
      content: html(
        'В соответствии с применимым законодательством и требованиями лицензии мы не предоставляем услуги жителям Северной Кореи, Израиля, Китая, Вануату и Кубы.',
        'Регистрация с номером телефона из этих регионов не принимается. Если вы считаете, что это ошибка, обратитесь в службу поддержки.',
      ),
    },
    spa: {
      title: 'No prestamos servicios en Corea del Norte, Israel, China, Vanuatu y Cuba',
      desc: 'No ofrecemos servicios a los residentes de estos cinco países y regiones.',
      content: html(
        'Para cumplir con la legislación aplicable y nuestras obligaciones de licencia, no prestamos servicios a residentes de Corea del Norte, Israel, China, Vanuatu y Cuba.',
        'Se rechaza el registro con un número de teléfono de estas zonas. Si cree que se le ha aplicado por error, póngase en contacto con atención al cliente.',
      ),
    },
    pt: {
      title: 'Serviços indisponíveis na Coreia do Norte, Israel, China, Vanuatu e Cuba',
      desc: 'Não prestamos serviços a residentes destes cinco países e regiões.',
      content: html(
        'Para cumprir a legislação aplicável e as nossas obrigações de licenciamento, não prestamos serviços a residentes da Coreia do Norte, Israel, China, Vanuatu e Cuba.',
        'O registo com um número de telefone destas zonas é recusado. Se achar que foi afetado por engano, contacte o apoio ao cliente.',
      ),
    },
    ar: {
      title: 'الخدمات غير متاحة في كوريا الشمالية وإسرائيل والصين وفانواتو وكوبا',
      desc: 'لا نقدم خدماتنا للمقيمين في هذه الدول والمناطق الخمس.',
      content: html(
        'امتثالًا للقوانين المعمول بها والتزامات الترخيص، لا نقدم خدماتنا للمقيمين في كوريا الشمالية وإسرائيل والصين وفانواتو وكوبا.',
        'يُرفض التسجيل برقم هاتف من هذه المناطق. إذا كنت تعتقد أن ذلك طُبّق عليك عن طريق الخطأ، يرجى التواصل مع خدمة العملاء.',
      ),
    },
    it: {
      title: 'Servizi non disponibili in Corea del Nord, Israele, Cina, Vanuatu e Cuba',
      desc: 'Non forniamo servizi ai residenti di questi cinque paesi e regioni.',
      content: html(
        'Per rispettare le leggi applicabili e gli obblighi di licenza, non forniamo i nostri servizi ai residenti di Corea del Nord, Israele, Cina, Vanuatu e Cuba.',
        'La registrazione con un numero di telefono di queste aree viene rifiutata. Se ritieni di essere coinvolto per errore, contatta il servizio clienti.',
      ),
    },
    tr: {
      title: 'Kuzey Kore, İsrail, Çin, Vanuatu ve Küba’da hizmet verilmemektedir',
      desc: 'Bu beş ülke ve bölgede ikamet edenlere hizmet sunmuyoruz.',
      content: html(
        'Yürürlükteki yasalara ve lisans yükümlülüklerimize uymak için Kuzey Kore, İsrail, Çin, Vanuatu ve Küba’da ikamet edenlere hizmet sunmuyoruz.',
        'Bu bölgelere ait telefon numarasıyla kayıt reddedilir. Yanlışlıkla etkilendiğinizi düşünüyorsanız lütfen müşteri hizmetleriyle iletişime geçin.',
      ),
    },
    id: {
      title: 'Layanan tidak tersedia di Korea Utara, Israel, Tiongkok, Vanuatu, dan Kuba',
      desc: 'Kami tidak memberikan layanan kepada penduduk lima negara dan wilayah ini.',
      content: html(
        'Untuk mematuhi hukum yang berlaku dan kewajiban lisensi kami, kami tidak memberikan layanan kepada penduduk Korea Utara, Israel, Tiongkok, Vanuatu, dan Kuba.',
        'Pendaftaran dengan nomor telepon dari wilayah ini akan ditolak. Jika Anda merasa terdampak karena kekeliruan, silakan hubungi layanan pelanggan.',
      ),
    },
  },
};

export const HOLIDAY_HOURS: SeedArticle = {
  key: 'holiday-trading-hours',
  categoryId: 2,
  pinned: 0,
  daysAgo: 6,
  cover: { colours: ['#1b5e20', '#43a047'], bars: [0.5, 0.45, 0.2, 0.1, 0.35, 0.55] },
  texts: {
    en: {
      title: 'Trading hours around public holidays',
      desc: 'Some markets close early or stay closed on holidays; check each instrument before trading.',
      content: html(
        'On public holidays some markets open late, close early or do not open at all. Quotes of the affected instruments may pause, and pending orders are triggered only when trading resumes.',
        list(
          'Check the trading hours of each instrument before placing an order.',
          'Spreads may widen around the open and close of a session.',
        ),
      ),
    },
    hk: {
      title: '公眾假期期間的交易時間',
      desc: '部分市場在假期提早收市或休市，交易前請查看各產品的交易時間。',
      content: html(
        '公眾假期期間，部分市場會延遲開市、提早收市或全日休市。受影響產品的報價可能暫停，掛單將在恢復交易後才會觸發。',
        list('下單前請查看各產品的交易時間。', '開市及收市前後點差可能擴大。'),
      ),
    },
    jp: {
      title: '祝日前後の取引時間について',
      desc: '祝日には早く閉まる市場や休場となる市場があります。取引前に各銘柄をご確認ください。',
      content: html(
        '祝日には、開場が遅れる、早く閉まる、または終日休場となる市場があります。該当する銘柄の価格配信が停止する場合があり、指値注文は取引再開後にのみ約定します。',
        list(
          '注文前に各銘柄の取引時間をご確認ください。',
          'セッションの開始・終了前後はスプレッドが拡大することがあります。',
        ),
      ),
    },
    kr: {
      title: '공휴일 전후 거래 시간 안내',
      desc: '공휴일에는 일부 시장이 일찍 마감하거나 휴장합니다. 거래 전 각 종목을 확인하세요.',
      content: html(
        '공휴일에는 일부 시장이 늦게 개장하거나 일찍 마감하거나 휴장합니다. 해당 종목의 시세가 일시 중단될 수 있으며, 대기 주문은 거래가 재개된 후에만 체결됩니다.',
        list(
          '주문 전에 각 종목의 거래 시간을 확인하세요.',
          '장 시작과 마감 전후에는 스프레드가 확대될 수 있습니다.',
        ),
      ),
    },
    th: {
      title: 'เวลาซื้อขายในช่วงวันหยุดนักขัตฤกษ์',
      desc: 'บางตลาดปิดเร็วหรือปิดทำการในวันหยุด โปรดตรวจสอบแต่ละสินค้าก่อนซื้อขาย',
      content: html(
        'ในวันหยุดนักขัตฤกษ์ บางตลาดเปิดช้า ปิดเร็ว หรือไม่เปิดทำการ ราคาของสินค้าที่ได้รับผลกระทบอาจหยุดชั่วคราว และคำสั่งที่รอดำเนินการจะทำงานเมื่อกลับมาซื้อขายแล้วเท่านั้น',
        list('ตรวจสอบเวลาซื้อขายของแต่ละสินค้าก่อนส่งคำสั่ง', 'สเปรดอาจกว้างขึ้นในช่วงเปิดและปิดตลาด'),
      ),
    },
    vn: {
      title: 'Giờ giao dịch trong các ngày lễ',
      desc: 'Một số thị trường đóng cửa sớm hoặc nghỉ vào ngày lễ; hãy kiểm tra từng sản phẩm trước khi giao dịch.',
      content: html(
        'Vào các ngày lễ, một số thị trường mở cửa muộn, đóng cửa sớm hoặc không mở cửa. Giá của các sản phẩm bị ảnh hưởng có thể tạm dừng và lệnh chờ chỉ được kích hoạt khi giao dịch trở lại.',
        list(
          'Kiểm tra giờ giao dịch của từng sản phẩm trước khi đặt lệnh.',
          'Chênh lệch giá có thể nới rộng quanh thời điểm mở và đóng phiên.',
        ),
      ),
    },
    fr: {
      title: 'Horaires de trading pendant les jours fériés',
      desc: 'Certains marchés ferment plus tôt ou restent fermés les jours fériés ; vérifiez chaque instrument avant de trader.',
      content: html(
        'Les jours fériés, certains marchés ouvrent plus tard, ferment plus tôt ou restent fermés. Les cotations des instruments concernés peuvent s’interrompre et les ordres en attente ne sont déclenchés qu’à la reprise.',
        list(
          'Vérifiez les horaires de chaque instrument avant de passer un ordre.',
          'Les spreads peuvent s’élargir à l’ouverture et à la clôture d’une séance.',
        ),
      ),
    },
    de: {
      title: 'Handelszeiten an Feiertagen',
      desc: 'Manche Märkte schließen an Feiertagen früher oder bleiben geschlossen; prüfen Sie jedes Instrument vor dem Handel.',
      content: html(
        'An Feiertagen öffnen manche Märkte später, schließen früher oder bleiben ganz geschlossen. Kurse der betroffenen Instrumente können pausieren, und ausstehende Orders werden erst bei Wiederaufnahme des Handels ausgelöst.',
        list(
          'Prüfen Sie vor einer Order die Handelszeiten des Instruments.',
          'Rund um Handelsbeginn und -schluss können sich die Spreads ausweiten.',
        ),
      ),
    },
    ru: {
      title: 'Торговые часы в праздничные дни',
      desc: 'Некоторые рынки в праздники закрываются раньше или не работают; проверяйте каждый инструмент перед сделкой.',
      content: html(
        'В праздничные дни некоторые рынки открываются позже, закрываются раньше или не работают вовсе. Котировки затронутых инструментов могут приостанавливаться, а отложенные ордера срабатывают только после возобновления торгов.',
        list(
          'Проверяйте торговые часы инструмента перед размещением ордера.',
          'Спреды могут расширяться в начале и в конце торговой сессии.',
        ),
      ),
    },
    spa: {
      title: 'Horario de negociación en días festivos',
      desc: 'Algunos mercados cierran antes o no abren en festivos; revise cada instrumento antes de operar.',
      content: html(
        'En los días festivos algunos mercados abren tarde, cierran antes o no abren. Las cotizaciones de los instrumentos afectados pueden pausarse y las órdenes pendientes solo se activan cuando se reanuda la negociación.',
        list(
          'Revise el horario de cada instrumento antes de enviar una orden.',
          'Los diferenciales pueden ampliarse en la apertura y el cierre de la sesión.',
        ),
      ),
    },
    pt: {
      title: 'Horário de negociação em feriados',
      desc: 'Alguns mercados fecham mais cedo ou não abrem em feriados; verifique cada instrumento antes de negociar.',
      content: html(
        'Em feriados, alguns mercados abrem mais tarde, fecham mais cedo ou não abrem. As cotações dos instrumentos afetados podem ser suspensas e as ordens pendentes só são acionadas quando a negociação é retomada.',
        list(
          'Verifique o horário de cada instrumento antes de enviar uma ordem.',
          'Os spreads podem alargar na abertura e no fecho da sessão.',
        ),
      ),
    },
    ar: {
      title: 'ساعات التداول خلال العطلات الرسمية',
      desc: 'تُغلق بعض الأسواق مبكرًا أو لا تفتح في العطلات؛ تحقق من كل أداة قبل التداول.',
      content: html(
        'في العطلات الرسمية تفتح بعض الأسواق متأخرة أو تُغلق مبكرًا أو لا تفتح على الإطلاق. قد تتوقف أسعار الأدوات المتأثرة، ولا تُنفَّذ الأوامر المعلقة إلا عند استئناف التداول.',
        list(
          'تحقق من ساعات تداول كل أداة قبل إرسال أمر.',
          'قد تتسع الفروق السعرية عند افتتاح الجلسة وإغلاقها.',
        ),
      ),
    },
    it: {
      title: 'Orari di negoziazione nei giorni festivi',
      desc: 'Alcuni mercati chiudono prima o restano chiusi nei festivi; controlla ogni strumento prima di operare.',
      content: html(
        'Nei giorni festivi alcuni mercati aprono più tardi, chiudono prima o non aprono affatto. Le quotazioni degli strumenti interessati possono fermarsi e gli ordini pendenti vengono attivati solo alla ripresa delle negoziazioni.',
        list(
          'Controlla gli orari di ogni strumento prima di inviare un ordine.',
          'Gli spread possono allargarsi all’apertura e alla chiusura della sessione.',
        ),
      ),
    },
    tr: {
      title: 'Resmî tatillerde işlem saatleri',
      desc: 'Bazı piyasalar tatillerde erken kapanır veya açılmaz; işlemden önce her enstrümanı kontrol edin.',
      content: html(
        'Resmî tatillerde bazı piyasalar geç açılır, erken kapanır veya hiç açılmaz. Etkilenen enstrümanların fiyatları durabilir ve bekleyen emirler yalnızca işlemler yeniden başladığında tetiklenir.',
        list(
          'Emir vermeden önce her enstrümanın işlem saatlerini kontrol edin.',
          'Seans açılışı ve kapanışı civarında spreadler genişleyebilir.',
        ),
      ),
    },
    id: {
      title: 'Jam perdagangan saat hari libur nasional',
      desc: 'Beberapa pasar tutup lebih awal atau libur; periksa setiap instrumen sebelum bertransaksi.',
      content: html(
        'Pada hari libur nasional, beberapa pasar buka terlambat, tutup lebih awal, atau tidak buka sama sekali. Harga instrumen yang terdampak dapat terhenti, dan order tertunda hanya dipicu saat perdagangan dilanjutkan.',
        list(
          'Periksa jam perdagangan setiap instrumen sebelum memasang order.',
          'Spread dapat melebar di sekitar pembukaan dan penutupan sesi.',
        ),
      ),
    },
  },
};
