import { html, list, type SeedArticle } from './seed-articles.ts';

/** An announcement every trader should read once: how we will (and will not) contact them. */
export const ACCOUNT_SAFETY: SeedArticle = {
  key: 'account-safety',
  categoryId: 2,
  pinned: 0,
  daysAgo: 12,
  cover: { colours: ['#311b92', '#5e35b1'], bars: [0.3, 0.3, 0.3, 0.3, 0.3, 0.3] },
  texts: {
    en: {
      title: 'Keep your account safe',
      desc: 'We will never ask for your password or a verification code.',
      content: html(
        'Our staff will never ask for your password or a verification code, by phone, e-mail or chat.',
        list(
          'Use a password you do not use anywhere else.',
          'Withdrawals are paid only to methods you have bound yourself.',
          'If something looks wrong, contact customer service from within the app.',
        ),
      ),
    },
    hk: {
      title: '保障您的帳戶安全',
      desc: '我們絕不會索取您的密碼或驗證碼。',
      content: html(
        '我們的職員絕不會透過電話、電郵或聊天索取您的密碼或驗證碼。',
        list(
          '請使用未在其他地方使用過的密碼。',
          '提款只會支付至您自行綁定的方式。',
          '如發現異常，請在應用程式內聯絡客戶服務。',
        ),
      ),
    },
    jp: {
      title: 'アカウントを安全に保つために',
      desc: '当社がパスワードや認証コードをお尋ねすることは決してありません。',
      content: html(
        '当社スタッフが電話、メール、チャットでパスワードや認証コードをお尋ねすることは決してありません。',
        list(
          '他のサービスで使っていないパスワードをご利用ください。',
          '出金はお客様ご自身が登録した方法にのみ支払われます。',
          '不審な点があれば、アプリ内からカスタマーサービスにご連絡ください。',
        ),
      ),
    },
    kr: {
      title: '계정을 안전하게 지키세요',
      desc: '저희는 절대로 비밀번호나 인증 코드를 요구하지 않습니다.',
      content: html(
        '저희 직원은 전화, 이메일, 채팅으로 비밀번호나 인증 코드를 절대 요구하지 않습니다.',
        list(
          '다른 곳에서 사용하지 않는 비밀번호를 사용하세요.',
          '출금은 본인이 직접 등록한 수단으로만 지급됩니다.',
          '이상한 점이 있으면 앱 안에서 고객센터에 문의하세요.',
        ),
      ),
    },
    th: {
      title: 'รักษาบัญชีของคุณให้ปลอดภัย',
      desc: 'เราจะไม่ขอรหัสผ่านหรือรหัสยืนยันของคุณเด็ดขาด',
      content: html(
        'เจ้าหน้าที่ของเราจะไม่ขอรหัสผ่านหรือรหัสยืนยันของคุณทางโทรศัพท์ อีเมล หรือแชทเด็ดขาด',
        list(
          'ใช้รหัสผ่านที่ไม่ได้ใช้ที่อื่น',
          'การถอนเงินจะจ่ายไปยังช่องทางที่คุณผูกไว้เองเท่านั้น',
          'หากพบสิ่งผิดปกติ โปรดติดต่อฝ่ายบริการลูกค้าผ่านแอป',
        ),
      ),
    },
    vn: {
      title: 'Giữ an toàn cho tài khoản của bạn',
      desc: 'Chúng tôi sẽ không bao giờ hỏi mật khẩu hay mã xác minh của bạn.',
      content: html(
        'Nhân viên của chúng tôi sẽ không bao giờ hỏi mật khẩu hay mã xác minh của bạn qua điện thoại, email hay trò chuyện.',
        list(
          'Dùng mật khẩu bạn không dùng ở nơi khác.',
          'Tiền rút chỉ được chuyển đến phương thức do chính bạn liên kết.',
          'Nếu thấy điều bất thường, hãy liên hệ chăm sóc khách hàng ngay trong ứng dụng.',
        ),
      ),
    },
    fr: {
      title: 'Protégez votre compte',
      desc: 'Nous ne vous demanderons jamais votre mot de passe ni un code de vérification.',
      content: html(
        'Nos équipes ne vous demanderont jamais votre mot de passe ni un code de vérification, que ce soit par téléphone, e-mail ou chat.',
        list(
          'Utilisez un mot de passe que vous n’utilisez nulle part ailleurs.',
          'Les retraits ne sont versés qu’aux moyens que vous avez vous-même enregistrés.',
          'En cas de doute, contactez le service client depuis l’application.',
        ),
      ),
    },
    de: {
      title: 'Schützen Sie Ihr Konto',
      desc: 'Wir fragen Sie niemals nach Ihrem Passwort oder einem Bestätigungscode.',
      content: html(
        'Unsere Mitarbeiter fragen niemals per Telefon, E-Mail oder Chat nach Ihrem Passwort oder einem Bestätigungscode.',
        list(
          'Verwenden Sie ein Passwort, das Sie nirgendwo sonst nutzen.',
          'Auszahlungen erfolgen nur an Zahlungswege, die Sie selbst hinterlegt haben.',
          'Wenn Ihnen etwas merkwürdig vorkommt, kontaktieren Sie den Kundenservice in der App.',
        ),
      ),
    },
    ru: {
      title: 'Защитите свой аккаунт',
      desc: 'Мы никогда не запрашиваем ваш пароль или код подтверждения.',
      content: html(
        'Наши сотрудники никогда не запрашивают пароль или код подтверждения — ни по телефону, ни по почте, ни в чате.',
        list(
          'Используйте пароль, который больше нигде не применяете.',
          'Выводы выплачиваются только на реквизиты, которые вы привязали сами.',
          'Если что-то кажется подозрительным, обратитесь в поддержку прямо из приложения.',
        ),
      ),
    },
    spa: {
      title: 'Mantenga su cuenta segura',
      desc: 'Nunca le pediremos su contraseña ni un código de verificación.',
      content: html(
        'Nuestro personal nunca le pedirá su contraseña ni un código de verificación por teléfono, correo o chat.',
        list(
          'Use una contraseña que no utilice en ningún otro sitio.',
          'Los retiros solo se pagan a los métodos que usted mismo ha vinculado.',
          'Si algo le parece extraño, contacte con atención al cliente desde la aplicación.',
        ),
      ),
    },
    pt: {
      title: 'Mantenha a sua conta segura',
      desc: 'Nunca lhe pediremos a palavra-passe nem um código de verificação.',
      content: html(
        'A nossa equipa nunca lhe pedirá a palavra-passe nem um código de verificação por telefone, e-mail ou chat.',
        list(
          'Use uma palavra-passe que não utilize em mais nenhum lado.',
          'Os levantamentos só são pagos para métodos que você próprio associou.',
          'Se algo parecer estranho, contacte o apoio ao cliente a partir da aplicação.',
        ),
      ),
    },
    ar: {
      title: 'حافظ على أمان حسابك',
      desc: 'لن نطلب منك أبدًا كلمة المرور أو رمز التحقق.',
      content: html(
        'لن يطلب منك موظفونا أبدًا كلمة المرور أو رمز التحقق عبر الهاتف أو البريد الإلكتروني أو الدردشة.',
        list(
          'استخدم كلمة مرور لا تستخدمها في أي مكان آخر.',
          'تُدفع السحوبات فقط إلى الوسائل التي ربطتها بنفسك.',
          'إذا لاحظت أمرًا غير معتاد، تواصل مع خدمة العملاء من داخل التطبيق.',
        ),
      ),
    },
    it: {
      title: 'Proteggi il tuo account',
      desc: 'Non ti chiederemo mai la password o un codice di verifica.',
      content: html(
        'Il nostro personale non ti chiederà mai la password o un codice di verifica, né al telefono, né via e-mail o chat.',
        list(
          'Usa una password che non utilizzi altrove.',
          'I prelievi vengono pagati solo ai metodi che hai collegato tu.',
          'Se qualcosa non ti convince, contatta il servizio clienti dall’app.',
        ),
      ),
    },
    tr: {
      title: 'Hesabınızı güvende tutun',
      desc: 'Şifrenizi veya doğrulama kodunuzu asla sormayız.',
      content: html(
        'Çalışanlarımız telefon, e-posta veya sohbet yoluyla şifrenizi ya da doğrulama kodunuzu asla sormaz.',
        list(
          'Başka hiçbir yerde kullanmadığınız bir şifre kullanın.',
          'Para çekimleri yalnızca kendi bağladığınız yöntemlere ödenir.',
          'Bir şey yanlış görünüyorsa uygulama içinden müşteri hizmetlerine ulaşın.',
        ),
      ),
    },
    id: {
      title: 'Jaga keamanan akun Anda',
      desc: 'Kami tidak akan pernah meminta kata sandi atau kode verifikasi Anda.',
      content: html(
        'Staf kami tidak akan pernah meminta kata sandi atau kode verifikasi Anda melalui telepon, email, atau chat.',
        list(
          'Gunakan kata sandi yang tidak Anda pakai di tempat lain.',
          'Penarikan hanya dibayarkan ke metode yang Anda tautkan sendiri.',
          'Jika ada yang janggal, hubungi layanan pelanggan dari dalam aplikasi.',
        ),
      ),
    },
  },
};
